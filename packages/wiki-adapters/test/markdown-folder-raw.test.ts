import { execFileSync } from 'node:child_process'
import { mkdir, rename, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WikiSourceError } from '@wiki/wiki-adapters/markdown-folder'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { makePdf } from '@wiki/test-utils'
import { makeWiki, put, sha256 } from './markdown-folder/helpers.js'

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()
const requirePdf = process.env.REQUIRE_PDFTOTEXT === '1'

let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource

function git(...args: string[]): string {
  return execFileSync('git', ['-C', made.base, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.org',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.org',
    },
  })
}

async function open(): Promise<void> {
  source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    rawPath: made.raw,
    timeZone: 'UTC',
    watch: false,
  })
}

async function registerSource(filename: string, checksum: string): Promise<void> {
  await writeFile(
    path.join(made.wiki, 'sources.md'),
    `# Sorgenti processate\n\n| File | SHA256 (12 car.) | Ultimo ingest | Pagine toccate |\n|---|---|---|---|\n| \`raw/${filename}\` | ${checksum} | 2026-04-02 | [[a]] |\n`,
  )
}

beforeEach(async () => {
  made = await makeWiki({ 'index.md': '# Indice\n' })
})
afterEach(async () => {
  await source.close()
  await made.cleanup()
})

describe('raw listing and reading', () => {
  it('lists recursively by filename with 12-hex checksums, skipping dot names and outside symlinks', async () => {
    await put(made.raw, 'b.md', 'bee\n')
    await put(made.raw, 'a/z.txt', 'zed\n')
    await put(made.raw, '.hidden.md', 'no\n')
    await put(made.base, 'outside.md', 'secret\n')
    await symlink(path.join(made.base, 'outside.md'), path.join(made.raw, 'link.md'))
    await open()
    const listing = await source.raw.list({ limit: 1 })
    expect(listing).toEqual({
      files: [{ filename: 'a/z.txt', checksum: sha256('zed\n').slice(0, 12), size: 4 }],
      total: 2,
      truncated: true,
      nextOffset: 1,
    })
    expect((await source.raw.list({ offset: 1 })).files.map((f) => f.filename)).toEqual(['b.md'])
  })

  it('reads UTF-8 text (BOM dropped) with paging, refuses binaries and missing files', async () => {
    await put(made.raw, 'testo.md', `\uFEFF${'é'.repeat(1500)}`)
    await put(
      made.raw,
      'img.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    )
    await open()
    const first = await source.raw.read('raw/testo.md', { limit: 1000 })
    expect(first).toMatchObject({
      filename: 'testo.md',
      kind: 'text',
      offset: 0,
      totalChars: 1500,
      truncated: true,
      nextOffset: 1000,
    })
    expect(first.content).toBe('é'.repeat(1000))
    expect((await source.raw.read('testo.md', { offset: 1000 })).content.length).toBe(500)
    const binary = (await source.raw.read('img.png').catch((e: unknown) => e)) as WikiSourceError
    expect(binary.code).toBe('unsupported_file')
    expect(binary.message).toContain('.png')
    const missing = (await source.raw.read('nope.md').catch((e: unknown) => e)) as WikiSourceError
    expect(missing.code).toBe('not_found')
    expect(missing.message).toBe('raw/nope.md does not exist.')
  })

  it('reports dependency_missing naming poppler-utils when pdftotext is absent', async () => {
    await put(made.raw, 'doc.pdf', makePdf(['Hello']))
    source = await createMarkdownFolderSource({
      wikiPath: made.wiki,
      rawPath: made.raw,
      watch: false,
      commands: { pdftotext: '/nonexistent/pdftotext' },
    })
    const error = (await source.raw.read('doc.pdf').catch((e: unknown) => e)) as WikiSourceError
    expect(error.code).toBe('dependency_missing')
    expect(error.data).toEqual({ dependency: 'pdftotext', package: 'poppler-utils' })
    expect(error.message).toContain('install poppler-utils')
  })

  it.skipIf(!hasPdftotext && !requirePdf)(
    'converts a PDF generated here through pdftotext',
    async () => {
      await put(made.raw, 'doc.pdf', makePdf(['Prima riga del documento', 'Seconda riga']))
      await open()
      const read = await source.raw.read('doc.pdf')
      expect(read.kind).toBe('pdf')
      expect(read.content).toContain('Prima riga del documento')
      expect(read.content).toContain('Seconda riga')
    },
  )
})

describe('wikiRawDiff on a real git repository', () => {
  it('diffs the registered version against the working tree across commits and a rename', async () => {
    git('init', '-q')
    await put(made.raw, 'old-name.md', 'riga uno\nriga due\n')
    git('add', '.')
    git('commit', '-q', '-m', 'v1')
    const v1 = sha256('riga uno\nriga due\n').slice(0, 12)
    await rename(path.join(made.raw, 'old-name.md'), path.join(made.raw, 'articolo.md'))
    git('add', '-A')
    git('commit', '-q', '-m', 'rename')
    await writeFile(path.join(made.raw, 'articolo.md'), 'riga uno\nriga DUE\n')
    git('commit', '-q', '-am', 'v2')
    await writeFile(path.join(made.raw, 'articolo.md'), 'riga uno\nriga DUE\nriga tre\n')
    await registerSource('articolo.md', `${v1}abcdef`)
    await open()
    const diff = await source.raw.diff('articolo.md')
    expect(diff.registered).toBe(v1)
    expect(diff.base?.reason).toBe('registered')
    expect(diff.changed).toBe(true)
    expect(diff.diff).toContain('--- a/raw/articolo.md (')
    expect(diff.diff).toContain('+++ b/raw/articolo.md (working tree)')
    expect(diff.diff).toContain('-riga due\n+riga DUE\n+riga tre')
    expect(diff.stats).toEqual({ added: 2, removed: 1 })
  })

  it('says unchanged when the registered checksum equals the current one, without git', async () => {
    await put(made.raw, 'x.md', 'stesso\n')
    await registerSource('x.md', sha256('stesso\n'))
    await open()
    expect(await source.raw.diff('x.md')).toMatchObject({
      changed: false,
      diff: '',
      note: 'unchanged since the registered ingest',
    })
  })

  it('diffs against HEAD without a registration, and works for a file named -x.md', async () => {
    git('init', '-q')
    await put(made.raw, '-x.md', 'a\n')
    git('add', '--', 'raw/-x.md')
    git('commit', '-q', '-m', 'one')
    await writeFile(path.join(made.raw, '-x.md'), 'b\n')
    await open()
    const diff = await source.raw.diff('-x.md')
    expect(diff.base?.reason).toBe('head')
    expect(diff.registered).toBeNull()
    expect(diff.diff).toContain('-a\n+b')
  })

  it('gives the fixed notes: untracked, no matching blob, not a repository, no git', async () => {
    await put(made.raw, 'sciolto.md', 'x\n')
    await open()
    expect((await source.raw.diff('sciolto.md')).note).toBe('raw/ is not in a git repository')
    git('init', '-q')
    await put(made.raw, 'tracciato.md', 'v1\n')
    git('add', 'raw/tracciato.md')
    git('commit', '-q', '-m', 'one')
    expect(await source.raw.diff('sciolto.md')).toMatchObject({
      note: 'the file is not tracked by git',
      changed: null,
      base: null,
      diff: null,
    })
    await registerSource('tracciato.md', 'aaaaaaaaaaaa')
    expect(await source.raw.diff('tracciato.md')).toMatchObject({
      note: 'no commit holds the registered version, so commit raw/ after each ingest',
      changed: true,
    })
    await source.close()
    source = await createMarkdownFolderSource({
      wikiPath: made.wiki,
      rawPath: made.raw,
      watch: false,
      commands: { git: '/nonexistent/git' },
    })
    expect((await source.raw.diff('tracciato.md')).note).toBe('git is not installed')
  })

  it.skipIf(!hasPdftotext && !requirePdf)('diffs two committed PDF versions as text', async () => {
    git('init', '-q')
    await mkdir(path.join(made.raw, 'pdf'))
    await put(made.raw, 'pdf/doc.pdf', makePdf(['Titolo', 'Valore 10']))
    git('add', '.')
    git('commit', '-q', '-m', 'v1')
    await put(made.raw, 'pdf/doc.pdf', makePdf(['Titolo', 'Valore 20']))
    await open()
    const diff = await source.raw.diff('pdf/doc.pdf')
    expect(diff.diff).toMatch(/-\s*Valore 10/)
    expect(diff.diff).toMatch(/\+\s*Valore 20/)
  })
})

describe('checksum', () => {
  it('looks in wiki/ first, then raw/, then by prefix', async () => {
    await put(made.raw, 'index.md', 'raw index\n')
    await put(made.raw, 'solo-raw.md', 'r\n')
    await open()
    expect(await source.checksum('index.md')).toMatchObject({
      root: 'wiki',
      sha256: sha256('# Indice\n'),
    })
    expect(await source.checksum('solo-raw.md')).toMatchObject({
      root: 'raw',
      checksum: sha256('r\n').slice(0, 12),
      size: 2,
    })
    expect(await source.checksum('raw/index.md')).toMatchObject({ root: 'raw', path: 'index.md' })
    expect(
      ((await source.checksum('none.md').catch((e: unknown) => e)) as WikiSourceError).code,
    ).toBe('not_found')
  })
})
