import { createHash } from 'node:crypto'
import { lstat, mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTwoFilesPatch } from 'diff'
import { WikiSourceError } from '../wiki-source-error.js'
import { assertLexicalPath, confinePath, isInside, toRelative } from './path-rules.js'
import { createPdfTextExtractor, type PdfTextExtractor } from './pdf-text.js'
import { openSafeGit } from './safe-git.js'
import { cutString } from './tokenize.js'

const MAX_RAW_BYTES = 64 * 1024 * 1024
const PDFTOTEXT_MISSING =
  'pdftotext not found: install poppler-utils, e.g. apt-get install poppler-utils or brew install poppler'

/** One file under `raw/`. */
export interface RawFileEntry {
  readonly filename: string
  /** First 12 hex characters of the sha256. */
  readonly checksum: string
  readonly size: number
}

export interface RawListing {
  readonly files: RawFileEntry[]
  readonly total: number
  readonly truncated: boolean
  readonly nextOffset?: number
}

export interface RawText {
  readonly filename: string
  readonly kind: 'text' | 'pdf'
  readonly content: string
  readonly offset: number
  readonly totalChars: number
  readonly truncated: boolean
  readonly nextOffset?: number
  readonly checksum: string
}

export interface RawDiff {
  readonly filename: string
  readonly changed: boolean | null
  readonly registered: string | null
  readonly current: string
  readonly base: { readonly commit: string; readonly reason: 'registered' | 'head' } | null
  readonly diff: string | null
  readonly stats?: { readonly added: number; readonly removed: number }
  readonly truncated: boolean
  readonly note?: string
}

/** External programs; tests point them elsewhere. */
export interface RawCommands {
  readonly git: string
  readonly pdftotext: string
}

interface Signature {
  readonly key: string
}

function signatureOf(info: {
  ino: number
  size: number
  mtimeMs: number
  ctimeMs: number
}): Signature {
  return { key: `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}` }
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Read-only access to `raw/`: listing, text and PDF reads, checksums and diffs against git history. */
export class RawLayer {
  readonly #rootReal: string | undefined
  readonly #commands: RawCommands
  readonly #checksums = new Map<string, { key: string; sha256: string }>()
  readonly #pdf: PdfTextExtractor
  readonly #readSourcesFile: () => Promise<string | undefined>

  constructor(
    rootReal: string | undefined,
    commands: RawCommands,
    readSourcesFile: () => Promise<string | undefined>,
  ) {
    this.#rootReal = rootReal
    this.#commands = commands
    this.#pdf = createPdfTextExtractor(commands.pdftotext)
    this.#readSourcesFile = readSourcesFile
  }

  get root(): string | undefined {
    return this.#rootReal
  }

  async list(options: { limit?: number; offset?: number } = {}): Promise<RawListing> {
    const limit = options.limit ?? 1000
    const offset = options.offset ?? 0
    if (!this.#rootReal) return { files: [], total: 0, truncated: false }
    const all: { filename: string; absolute: string }[] = []
    await this.#walk(this.#rootReal, all)
    all.sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0))
    const slice = all.slice(offset, offset + limit)
    const files: RawFileEntry[] = []
    for (const entry of slice) {
      const { sha256, size } = await this.#checksum(entry.absolute)
      files.push({ filename: entry.filename, checksum: sha256.slice(0, 12), size })
    }
    const truncated = offset + slice.length < all.length
    return {
      files,
      total: all.length,
      truncated,
      ...(truncated ? { nextOffset: offset + slice.length } : {}),
    }
  }

  async #walk(folder: string, out: { filename: string; absolute: string }[]): Promise<void> {
    const root = this.#rootReal
    if (!root) return
    let entries
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const absolute = path.join(folder, entry.name)
      if (entry.isDirectory()) await this.#walk(absolute, out)
      else if (entry.isFile()) out.push({ filename: toRelative(root, absolute), absolute })
      else if (entry.isSymbolicLink()) {
        // symlinked files only when they stay inside; symlinked folders are never entered
        try {
          const real = await realpath(absolute)
          if (isInside(root, real) && (await stat(real)).isFile()) {
            out.push({ filename: toRelative(root, absolute), absolute: real })
          }
        } catch {
          // dangling link: skip
        }
      }
    }
  }

  async #checksum(absolute: string): Promise<{ sha256: string; size: number }> {
    const info = await stat(absolute)
    const key = signatureOf(info).key
    const cached = this.#checksums.get(absolute)
    if (cached?.key === key) return { sha256: cached.sha256, size: info.size }
    const sha256 = sha256Hex(await readFile(absolute))
    this.#checksums.set(absolute, { key, sha256 })
    return { sha256, size: info.size }
  }

  /** Confines a raw filename (a leading `raw/` accepted) and returns its real path. */
  async resolve(filename: string): Promise<{ relative: string; realPath: string }> {
    const relative = filename.startsWith('raw/') ? filename.slice(4) : filename
    assertLexicalPath('filename', relative, false)
    if (!this.#rootReal) {
      throw new WikiSourceError(
        'not_found',
        `raw/${relative} does not exist (no raw folder is configured).`,
        {
          data: { path: `raw/${relative}` },
        },
      )
    }
    const confined = await confinePath('filename', this.#rootReal, relative, false)
    if (!confined.exists) {
      throw new WikiSourceError(
        'not_found',
        `raw/${relative} does not exist; list files with wikiListRaw.`,
        {
          data: { path: `raw/${relative}` },
        },
      )
    }
    return { relative, realPath: confined.realPath }
  }

  async fileChecksum(realPath: string): Promise<{ sha256: string; size: number }> {
    return this.#checksum(realPath)
  }

  async read(
    filename: string,
    options: { offset?: number; limit?: number } = {},
  ): Promise<RawText> {
    const { relative, realPath } = await this.resolve(filename)
    const info = await stat(realPath)
    if (info.size > MAX_RAW_BYTES) {
      throw new WikiSourceError(
        'too_large',
        `raw/${relative} is ${info.size} bytes, over the ${MAX_RAW_BYTES}-byte limit.`,
        {
          data: { limit: MAX_RAW_BYTES, size: info.size },
        },
      )
    }
    const bytes = await readFile(realPath)
    const checksum = sha256Hex(bytes).slice(0, 12)
    const decoded = await this.#decode(relative, realPath, bytes, signatureOf(info).key)
    if (!decoded.ok) {
      if (decoded.missing) {
        throw new WikiSourceError('dependency_missing', PDFTOTEXT_MISSING, {
          data: { dependency: 'pdftotext', package: 'poppler-utils' },
        })
      }
      throw new WikiSourceError(
        'unsupported_file',
        `raw/${relative} cannot be read as text: ${decoded.detail}`,
        {
          data: { path: `raw/${relative}`, detail: decoded.detail },
        },
      )
    }
    const text = decoded.text
    const offset = Math.min(options.offset ?? 0, text.length)
    const limit = options.limit ?? 100_000
    let start = offset
    if (start > 0 && start < text.length && isLow(text.charCodeAt(start))) start -= 1
    const content = cutString(text.slice(start), limit)
    const end = start + content.length
    const truncated = end < text.length
    return {
      filename: relative,
      kind: decoded.kind,
      content,
      offset: start,
      totalChars: text.length,
      truncated,
      ...(truncated ? { nextOffset: end } : {}),
      checksum,
    }
  }

  async #decode(
    relative: string,
    realPath: string,
    bytes: Buffer,
    key: string,
  ): Promise<
    | { ok: true; kind: 'text' | 'pdf'; text: string }
    | { ok: false; missing: boolean; detail: string }
  > {
    if (isPdf(relative, bytes)) {
      const converted = await this.#pdf.extract(realPath, key)
      if (!converted.ok) return converted
      return { ok: true, kind: 'pdf', text: converted.text }
    }
    const text = decodeText(bytes)
    if (text === undefined) {
      const extension = path.extname(relative) || '(none)'
      return {
        ok: false,
        missing: false,
        detail: `binary file (extension ${extension}, ${bytes.length} bytes); only UTF-8 text and PDF are served`,
      }
    }
    return { ok: true, kind: 'text', text }
  }

  async diff(
    filename: string,
    options: { maxChars?: number; context?: number } = {},
  ): Promise<RawDiff> {
    const { relative, realPath } = await this.resolve(filename)
    const maxChars = options.maxChars ?? 60_000
    const context = options.context ?? 3
    const currentBytes = await readFile(realPath)
    const current = sha256Hex(currentBytes).slice(0, 12)
    const registered = registeredChecksum(await this.#readSourcesFile(), relative)
    const fallback = (note: string): RawDiff => ({
      filename: relative,
      changed: registered === null ? null : registered !== current,
      registered,
      current,
      base: null,
      diff: null,
      truncated: false,
      note,
    })
    if (registered === current) {
      return {
        filename: relative,
        changed: false,
        registered,
        current,
        base: null,
        diff: '',
        truncated: false,
        note: 'unchanged since the registered ingest',
      }
    }
    // History comes from the repository that holds raw/ itself, never from a repository nested
    // inside it, and git runs with every setting that could start a program switched off.
    const opened = await openSafeGit(this.#commands.git, this.#rootReal ?? path.dirname(realPath))
    if (!opened.ok)
      return fallback(opened.missing ? 'git is not installed' : 'raw/ is not in a git repository')
    const repository = opened.git
    const git = (args: string[]) => repository.run(args)
    const topLevel = repository.topLevel
    const inRepo = path.relative(topLevel, realPath).split(path.sep).join('/')
    let base: { commit: string; reason: 'registered' | 'head'; bytes: Buffer } | undefined
    if (registered !== null) {
      const log = await git([
        '-C',
        topLevel,
        'log',
        '--no-show-signature',
        '--no-textconv',
        '--no-ext-diff',
        '--follow',
        '-n',
        '500',
        '--format=%H',
        '--name-only',
        '--',
        inRepo,
      ])
      if (!log.ok) return fallback('git could not read the history of this file')
      const commits = parseLogNames(log.stdout.toString('utf8'))
      if (commits.length === 0) return fallback('the file is not tracked by git')
      for (const { commit, name } of commits) {
        const blob = await git(['-C', topLevel, 'cat-file', 'blob', `${commit}:${name}`])
        if (blob.ok && sha256Hex(blob.stdout).startsWith(registered)) {
          base = { commit, reason: 'registered', bytes: blob.stdout }
          break
        }
      }
      if (!base)
        return fallback('no commit holds the registered version, so commit raw/ after each ingest')
    } else {
      const head = await git(['-C', topLevel, 'rev-parse', '--verify', '-q', 'HEAD'])
      if (!head.ok) return fallback('the file is not tracked by git')
      const commit = head.stdout.toString('utf8').trim()
      const blob = await git(['-C', topLevel, 'cat-file', 'blob', `${commit}:${inRepo}`])
      if (!blob.ok) return fallback('the file is not tracked by git')
      base = { commit, reason: 'head', bytes: blob.stdout }
    }
    const pdf = isPdf(relative, currentBytes) || isPdf(relative, base.bytes)
    let oldText: string | undefined
    let newText: string | undefined
    if (pdf) {
      const now = await this.#pdf.extract(realPath, signatureOf(await stat(realPath)).key)
      if (!now.ok)
        return fallback(now.missing ? 'pdftotext is missing, install poppler-utils' : now.detail)
      const scratch = await mkdtemp(path.join(tmpdir(), 'wiki-raw-diff-'))
      try {
        const file = path.join(scratch, 'base.pdf')
        await writeFile(file, base.bytes, { mode: 0o600 })
        const then = await this.#pdf.extract(file)
        if (!then.ok)
          return fallback(
            then.missing ? 'pdftotext is missing, install poppler-utils' : then.detail,
          )
        oldText = then.text
      } finally {
        await rm(scratch, { recursive: true, force: true })
      }
      newText = now.text
    } else {
      oldText = decodeText(base.bytes)
      newText = decodeText(currentBytes)
    }
    if (oldText === undefined || newText === undefined) return fallback('binary file: no text diff')
    const short = base.commit.slice(0, 7)
    let patch = createTwoFilesPatch(
      `a/raw/${relative} (${short})`,
      `b/raw/${relative} (working tree)`,
      oldText,
      newText,
      undefined,
      undefined,
      { context },
    )
    patch = patch.replace(/^=+\n/, '')
    const lines = patch.split('\n')
    const hunkLines = lines.slice(2)
    if (!hunkLines.some((line) => line.startsWith('@@'))) patch = ''
    let added = 0
    let removed = 0
    for (const line of hunkLines) {
      if (line.startsWith('+')) added += 1
      else if (line.startsWith('-')) removed += 1
    }
    let truncated = false
    if (patch.length > maxChars) {
      const cut = patch.lastIndexOf('\n', maxChars)
      patch = cut > 0 ? patch.slice(0, cut + 1) : cutString(patch, maxChars)
      truncated = true
    }
    return {
      filename: relative,
      changed: patch !== '',
      registered,
      current,
      base: { commit: base.commit, reason: base.reason },
      diff: patch,
      stats: { added, removed },
      truncated,
    }
  }
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

function isPdf(name: string, bytes: Uint8Array): boolean {
  return /\.pdf$/i.test(name) || Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-'
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** Strict UTF-8 without NUL bytes (the BOM dropped), else undefined. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return undefined
  }
}

function parseLogNames(output: string): { commit: string; name: string }[] {
  const result: { commit: string; name: string }[] = []
  let commit: string | undefined
  for (const line of output.split('\n')) {
    if (line === '') continue
    if (/^[0-9a-f]{40,64}$/.test(line)) {
      commit = line
      continue
    }
    if (commit) {
      result.push({ commit, name: line })
      commit = undefined
    }
  }
  return result
}

/** The registered 12-hex checksum of `raw/<filename>` in sources.md's table, last row wins. */
export function registeredChecksum(sources: string | undefined, filename: string): string | null {
  if (!sources) return null
  const wanted = `raw/${filename}`
  let found: string | null = null
  for (const line of sources.split('\n')) {
    const trimmed = line.trim()
    if (!trimmed.startsWith('|')) continue
    const cells = trimmed
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim())
    const first = cells[0]
    if (first === undefined || cells[1] === undefined) continue
    const names = cellNames(first)
    if (!names.includes(wanted)) continue
    const hex = /[0-9a-fA-F]{12,}/.exec(cells[1])
    if (hex) found = hex[0].slice(0, 12).toLowerCase()
  }
  return found
}

function cellNames(cell: string): string[] {
  const plain = cell.replace(/`/g, '').trim()
  const names = [plain]
  const link = /^\[([^\]]*)\]\(([^)]*)\)$/.exec(plain)
  if (link) names.push((link[1] ?? '').trim(), (link[2] ?? '').trim())
  const wiki = /^\[\[([^\]]*)\]\]$/.exec(plain)
  if (wiki) names.push((wiki[1] ?? '').trim())
  return names
}

export async function lstatOrUndefined(
  file: string,
): Promise<Awaited<ReturnType<typeof lstat>> | undefined> {
  try {
    return await lstat(file)
  } catch {
    return undefined
  }
}
