import { mkdir, readFile, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { WikiSourceError } from '../wiki-source-error.js'
import { FileLocks, defaultLockTimings } from './file-lock.js'
import { replaceFileAtomically } from './atomic-write.js'
import { splitFrontmatter } from './frontmatter.js'
import {
  type FrontmatterIssue,
  type FrontmatterSchema,
  frontmatterPresets,
  validateFrontmatter,
} from './frontmatter-schema.js'
import { linkGraph } from './link-graph.js'
import { type LocalDate, localDateFormatter } from './local-date.js'
import { PageCatalog } from './page-catalog.js'
import { parsePage } from './page-store.js'
import { type DescribePage, listPages, pageDescriber } from './page-listing.js'
import { readPage } from './page-read.js'
import { PageSearch } from './page-search.js'
import { assertLexicalPath, confinePath, isCode, isInside } from './path-rules.js'
import { RawLayer } from './raw-layer.js'
import { sha256Hex } from './sha256.js'
import type {
  AppendLogResult,
  ChecksumResult,
  LinkGraph,
  LogEntry,
  MarkdownFolderSource,
  MarkdownFolderSourceOptions,
  PageList,
  PageRead,
  RawSource,
  SearchQuery,
  SearchResult,
  WikiStatus,
  WriteResult,
} from './types.js'
import { wikiStatus } from './wiki-status.js'

/**
 * Opens a Markdown wiki folder: walks and indexes every page, then keeps the index fresh from file
 * events. Throws `invalid_arguments` when a folder is missing or the two folders overlap.
 */
export async function createMarkdownFolderSource(
  options: Readonly<MarkdownFolderSourceOptions>,
): Promise<MarkdownFolderSource> {
  const wikiReal = await realFolder('wikiPath', options.wikiPath, true)
  if (wikiReal === undefined)
    throw new WikiSourceError('internal_error', 'wikiPath could not be resolved.')
  const rawReal = options.rawPath ? await realFolder('rawPath', options.rawPath, false) : undefined
  if (rawReal && (isInside(wikiReal, rawReal) || isInside(rawReal, wikiReal))) {
    throw new WikiSourceError(
      'invalid_arguments',
      'wikiPath and rawPath must not be equal or nested in each other.',
      {
        data: { fields: ['wikiPath', 'rawPath'] },
      },
    )
  }
  const source = new FolderSource(wikiReal, rawReal, options)
  await source.start()
  return source
}

async function realFolder(
  field: string,
  folder: string,
  required: boolean,
): Promise<string | undefined> {
  try {
    const real = await realpath(path.resolve(folder))
    if (!(await stat(real)).isDirectory()) throw new Error('not a folder')
    return real
  } catch {
    if (!required) return undefined
    throw new WikiSourceError(
      'invalid_arguments',
      `${field} must be an existing folder (got "${folder}").`,
      {
        data: { fields: [field] },
      },
    )
  }
}

const MAX_CONTENT = 200_000
const MAX_LOG_ENTRY = 32_000
const CHECKSUM = /^(?:[0-9a-f]{12}|[0-9a-f]{64})$/
const LOG_HEADER = /^## \[\d{4}-\d{2}-\d{2}\] /

/** Wires the catalog, the search over it, the reads and the locked write path together. */
class FolderSource implements MarkdownFolderSource {
  readonly schema: FrontmatterSchema
  readonly raw: RawSource
  indexingMs = 0

  readonly #catalog: PageCatalog
  readonly #search: PageSearch
  readonly #locks: FileLocks
  readonly #beforeRename: MarkdownFolderSourceOptions['beforeRename']
  readonly #rawLayer: RawLayer
  readonly #date: LocalDate
  readonly #describe: DescribePage

  constructor(
    root: string,
    rawRoot: string | undefined,
    options: Readonly<MarkdownFolderSourceOptions>,
  ) {
    this.schema = options.schema ?? frontmatterPresets.it
    this.#date = localDateFormatter(options.timeZone)
    this.#describe = pageDescriber(this.schema, this.#date)
    this.#catalog = new PageCatalog(root, {
      watch: options.watch !== false,
      sweepIntervalMs: options.sweepIntervalMs ?? 60_000,
    })
    this.#search = new PageSearch(this.#catalog, this.schema, this.#describe)
    this.#catalog.subscribe(this.#search)
    this.#locks = new FileLocks({ ...defaultLockTimings, ...options.lockTimings })
    this.#beforeRename = options.beforeRename
    this.#rawLayer = new RawLayer(
      rawRoot,
      {
        git: options.commands?.git ?? 'git',
        pdftotext: options.commands?.pdftotext ?? 'pdftotext',
      },
      () => readServiceFile(root, 'sources.md'),
    )
    const layer = this.#rawLayer
    this.raw = {
      list: (o) => layer.list(o),
      read: (f, o) => layer.read(f, o),
      diff: (f, o) => layer.diff(f, o),
    }
  }

  get mode(): 'watch' | 'poll' {
    return this.#catalog.mode
  }

  get fileReads(): number {
    return this.#catalog.fileReads
  }

  async start(): Promise<void> {
    const started = performance.now()
    await this.#catalog.start()
    this.#search.pack()
    this.indexingMs = Math.round(performance.now() - started)
  }

  async close(): Promise<void> {
    this.#catalog.close()
    await this.#locks.releaseAll()
  }

  async pageCount(): Promise<number> {
    await this.#catalog.refresh()
    return this.#catalog.size
  }

  search(query: SearchQuery): Promise<SearchResult> {
    return this.#search.search(query)
  }

  listPages(
    options: {
      folder?: string | undefined
      limit?: number | undefined
      offset?: number | undefined
    } = {},
  ): Promise<PageList> {
    return listPages(this.#catalog, this.#describe, options)
  }

  readPage(slug: string, options: { maxChars?: number | undefined } = {}): Promise<PageRead> {
    return readPage(this.#catalog, this.#date, slug, options)
  }

  graph(
    options: { slug?: string | undefined; limit?: number | undefined } = {},
  ): Promise<LinkGraph> {
    return linkGraph(this.#catalog, options)
  }

  status(): Promise<WikiStatus> {
    return wikiStatus(this.#catalog, this.schema, this.#date)
  }

  #frontmatterIssues(pagePath: string, content: string): FrontmatterIssue[] {
    const split = splitFrontmatter(content)
    if (split.error) {
      const field = split.error.message.startsWith('The frontmatter root') ? '(root)' : '(yaml)'
      return [
        {
          field,
          problem: `${split.error.message} (line ${split.error.line}, column ${split.error.column})`,
        },
      ]
    }
    if (this.schema.exempt.includes(pagePath)) return []
    return validateFrontmatter(this.schema, split.frontmatter)
  }

  async writePage(input: {
    path: string
    content: string
    expectedChecksum?: string | undefined
  }): Promise<WriteResult> {
    const { content, expectedChecksum } = input
    if (content.length > MAX_CONTENT) {
      throw new WikiSourceError(
        'too_large',
        `content is ${content.length} characters, over the ${MAX_CONTENT} limit; split the page.`,
        {
          data: { limit: MAX_CONTENT, size: content.length },
        },
      )
    }
    if (
      expectedChecksum !== undefined &&
      expectedChecksum !== '' &&
      !CHECKSUM.test(expectedChecksum)
    ) {
      throw invalidArguments(
        'expectedChecksum',
        'expectedChecksum must be "", 12 or 64 lowercase hex characters',
      )
    }
    assertLexicalPath('path', input.path, true)
    const pagePath = input.path.normalize('NFC')
    const issues = this.#frontmatterIssues(pagePath, content)
    if (issues.length > 0) {
      throw new WikiSourceError(
        'invalid_frontmatter',
        `Invalid frontmatter in ${pagePath}: ${issues.map((i) => `${i.field}: ${i.problem}`).join('; ')}`,
        { data: { path: pagePath, issues } },
      )
    }
    let confined = await confinePath('path', this.#catalog.root, pagePath, true)
    for (const folder of confined.missingFolders) {
      try {
        await mkdir(folder)
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error
      }
      const real = await realpath(folder)
      if (!isInside(this.#catalog.root, real) || !(await stat(real)).isDirectory()) {
        throw new WikiSourceError(
          'invalid_path',
          `Invalid path "${pagePath}": a folder on the path leads outside wiki/.`,
          {
            data: { path: pagePath, reason: 'outside_root' },
          },
        )
      }
    }
    if (confined.missingFolders.length > 0)
      confined = await confinePath('path', this.#catalog.root, pagePath, true)
    const target = confined.realPath
    const bytes = Buffer.from(content, 'utf8')
    const result = await this.#locks.withLock(target, pagePath, async () => {
      const again = await confinePath('path', this.#catalog.root, pagePath, true)
      if (again.realPath !== target) {
        throw new WikiSourceError(
          'invalid_path',
          `Invalid path "${pagePath}": it changed during the write.`,
          {
            data: { path: pagePath, reason: 'outside_root' },
          },
        )
      }
      const current = await readIfExists(target)
      const currentSha = current ? sha256Hex(current) : null
      if (expectedChecksum !== undefined) {
        const matches =
          expectedChecksum === ''
            ? currentSha === null
            : currentSha !== null &&
              (expectedChecksum.length === 64
                ? currentSha === expectedChecksum
                : currentSha.startsWith(expectedChecksum))
        if (!matches) {
          throw new WikiSourceError(
            'conflict',
            currentSha === null
              ? `${pagePath} does not exist, but expectedChecksum was given; re-read, merge, retry.`
              : `${pagePath} changed since it was read (sha256 ${currentSha.slice(0, 12)}…); re-read with wikiReadPage, merge, retry.`,
            { data: { path: pagePath, currentSha256: currentSha } },
          )
        }
      }
      await replaceFileAtomically(target, bytes, this.#beforeRename)
      const info = await stat(target)
      this.#catalog.store(parsePage(pagePath, target, content, info))
      return { created: current === undefined }
    })
    return {
      success: true,
      path: pagePath,
      sha256: sha256Hex(bytes),
      created: result.created,
      bytes: bytes.length,
    }
  }

  async appendLog(input: LogEntry): Promise<AppendLogResult> {
    let text: string
    let header: string | undefined
    let warning: string | undefined
    if ('entry' in input) {
      text = input.entry
      if (text.trim() === '') throw invalidArguments('entry', 'entry must not be empty')
      if (!LOG_HEADER.test(text)) {
        warning =
          'The entry does not start with "## [YYYY-MM-DD] kind | title"; `grep "^## \\[" log.md` will not list it.'
      }
    } else {
      if (/[\r\n]/.test(input.title) || input.title.trim() === '' || input.title.length > 200) {
        throw invalidArguments(
          'title',
          'title must be one non-empty line of at most 200 characters',
        )
      }
      header = `## [${this.#date(Date.now())}] ${input.kind} | ${input.title.trim()}`
      const body = input.body?.replace(/\s+$/, '')
      text = body ? `${header}\n\n${body}` : header
    }
    if (text.length > MAX_LOG_ENTRY) {
      throw new WikiSourceError(
        'too_large',
        `The log entry is ${text.length} characters, over the ${MAX_LOG_ENTRY} limit.`,
        {
          data: { limit: MAX_LOG_ENTRY, size: text.length },
        },
      )
    }
    const confined = await confinePath('path', this.#catalog.root, 'log.md', true)
    const target = confined.realPath
    return this.#locks.withLock(target, 'log.md', async () => {
      const current = await readIfExists(target)
      const old = current?.toString('utf8') ?? ''
      const separator =
        old === '' ? '' : old.endsWith('\n\n') ? '' : old.endsWith('\n') ? '\n' : '\n\n'
      const next = `${old}${separator}${text}${text.endsWith('\n') ? '' : '\n'}`
      const bytes = Buffer.from(next, 'utf8')
      await replaceFileAtomically(target, bytes, this.#beforeRename)
      const info = await stat(target)
      this.#catalog.store(parsePage('log.md', target, next, info))
      return {
        success: true as const,
        path: 'log.md' as const,
        ...(header === undefined ? {} : { header }),
        created: current === undefined,
        sha256: sha256Hex(bytes),
        ...(warning === undefined ? {} : { warning }),
      }
    })
  }

  async checksum(input: string): Promise<ChecksumResult> {
    assertLexicalPath('path', input, false)
    const attempts: { root: 'wiki' | 'raw'; relative: string }[] = [
      { root: 'wiki', relative: input },
      { root: 'raw', relative: input },
    ]
    if (input.startsWith('raw/')) attempts.push({ root: 'raw', relative: input.slice(4) })
    if (input.startsWith('wiki/')) attempts.push({ root: 'wiki', relative: input.slice(5) })
    for (const attempt of attempts) {
      const rootReal = attempt.root === 'wiki' ? this.#catalog.root : this.#rawLayer.root
      if (!rootReal) continue
      const confined = await confinePath('path', rootReal, attempt.relative, false)
      if (!confined.exists) continue
      const bytes = await readFile(confined.realPath)
      const sha256 = sha256Hex(bytes)
      return {
        path: attempt.relative,
        root: attempt.root,
        checksum: sha256.slice(0, 12),
        sha256,
        size: bytes.length,
      }
    }
    throw new WikiSourceError('not_found', `"${input}" exists neither in wiki/ nor in raw/.`, {
      data: { path: input },
    })
  }
}

async function readServiceFile(root: string, name: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(root, name), 'utf8')
  } catch {
    return undefined
  }
}

async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file)
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined
    throw error
  }
}

function invalidArguments(field: string, message: string): WikiSourceError {
  return new WikiSourceError('invalid_arguments', message, { data: { fields: [field] } })
}
