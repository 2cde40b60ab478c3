import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { WikiSourceError } from '@wiki/wiki-adapters/markdown-folder'

/** A fresh temporary folder holding `wiki/` and `raw/`, removed by `cleanup`. */
export async function makeWiki(
  files: Record<string, string> = {},
  rawFiles: Record<string, string | Uint8Array> = {},
): Promise<{
  base: string
  wiki: string
  raw: string
  cleanup: () => Promise<void>
}> {
  const base = await mkdtemp(path.join(tmpdir(), 'md-wiki-test-'))
  const wiki = path.join(base, 'wiki')
  const raw = path.join(base, 'raw')
  await mkdir(wiki)
  await mkdir(raw)
  for (const [name, text] of Object.entries(files)) await put(wiki, name, text)
  for (const [name, bytes] of Object.entries(rawFiles)) await put(raw, name, bytes)
  return { base, wiki, raw, cleanup: () => rm(base, { recursive: true, force: true }) }
}

export async function put(root: string, name: string, bytes: string | Uint8Array): Promise<void> {
  const file = path.join(root, name)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, bytes)
}

/** A page with valid `it` frontmatter. */
export function itPage(
  title: string,
  body: string,
  fields: Partial<Record<string, string>> = {},
): string {
  const tipo = fields.tipo ?? 'concetto'
  const stato = fields.stato ?? 'stabile'
  const tags = fields.tags ?? '[prova]'
  const aggiornato = fields.aggiornato ?? '2026-08-22'
  return `---\ntipo: ${tipo}\ntags: ${tags}\nfonti: []\naggiornato: ${aggiornato}\nstato: ${stato}\n---\n\n# ${title}\n\n${body}\n`
}

export function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Hash of every file (path, bytes) under `root`, to prove nothing changed there. */
export async function treeHash(root: string): Promise<string> {
  const hash = createHash('sha256')
  const visit = async (folder: string): Promise<void> => {
    let entries
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch {
      return
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1))
    for (const entry of entries) {
      const file = path.join(folder, entry.name)
      hash.update(
        `${path.relative(root, file)}\u0000${entry.isDirectory() ? 'd' : entry.isSymbolicLink() ? 'l' : 'f'}\u0000`,
      )
      if (entry.isDirectory()) await visit(file)
      else if (entry.isFile()) hash.update(await readFile(file))
    }
  }
  await visit(root)
  return hash.digest('hex')
}

/** The WikiSourceError `work` fails with; any other outcome fails the test. */
export async function caught(work: Promise<unknown>): Promise<WikiSourceError> {
  try {
    await work
  } catch (error) {
    if (error instanceof WikiSourceError) return error
    throw error
  }
  throw new Error('expected a WikiSourceError')
}
