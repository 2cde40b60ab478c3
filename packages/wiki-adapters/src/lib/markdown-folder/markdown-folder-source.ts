import { readFile, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { WikiSourceError } from '../wiki-source-error.js'
import { FileLocks, defaultLockTimings } from './file-lock.js'
import { fileChecksum } from './file-checksum.js'
import { type FrontmatterSchema, frontmatterPresets } from './frontmatter-schema.js'
import { linkGraph } from './link-graph.js'
import { type LocalDate, localDateFormatter } from './local-date.js'
import { LockedWriter } from './locked-write.js'
import { readIndexCache, writeIndexCache } from './index-cache.js'
import { PageCatalog } from './page-catalog.js'
import { type DescribePage, listPages, pageDescriber } from './page-listing.js'
import { readPage } from './page-read.js'
import { readSection } from './section-read.js'
import { editPage } from './edit-page.js'
import type { StoredPage } from './page-store.js'
import { movePage } from './move-page.js'
import { deletePage } from './delete-page.js'
import { recentChanges } from './recent-changes.js'
import { listTags } from './list-tags.js'
import { recoverMove } from './move-journal.js'
import { PageSearch } from './page-search.js'
import { isInside } from './path-rules.js'
import { RawLayer } from './raw-layer.js'
import type {
  AppendLogResult,
  ChecksumResult,
  EditPageInput,
  EditResult,
  MovePageInput,
  MoveResult,
  DeletePageInput,
  DeleteResult,
  RecentChanges,
  RecentChangesOptions,
  TagList,
  LinkGraph,
  LogEntry,
  MarkdownFolderSource,
  MarkdownFolderSourceOptions,
  PageList,
  PageRead,
  RawSource,
  SearchQuery,
  SearchResult,
  SectionRead,
  WikiStatus,
  WriteResult,
} from './types.js'
import { appendLog } from './wiki-log.js'
import { statusCounts } from './status-counts.js'
import { writePage } from './write-page.js'

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
  const indexPath = options.indexPath ? path.resolve(options.indexPath) : undefined
  if (indexPath && isInside(wikiReal, await realParent(indexPath))) {
    throw new WikiSourceError(
      'invalid_arguments',
      `indexPath must be outside the wiki folder (got "${options.indexPath}"): the cache is no page.`,
      { data: { fields: ['indexPath'] } },
    )
  }
  const source = new FolderSource(wikiReal, rawReal, { ...options, indexPath })
  await source.start()
  return source
}

/** The real path of `file`'s nearest existing ancestor folder joined with the rest of it. */
async function realParent(file: string): Promise<string> {
  let folder = path.dirname(file)
  const rest = [path.basename(file)]
  for (;;) {
    try {
      return path.join(await realpath(folder), ...rest)
    } catch {
      const parent = path.dirname(folder)
      if (parent === folder) return file
      rest.unshift(path.basename(folder))
      folder = parent
    }
  }
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

/** Wires the catalog, the search over it, the reads and the locked write path together. */
class FolderSource implements MarkdownFolderSource {
  readonly schema: FrontmatterSchema
  readonly raw: RawSource
  indexingMs = 0

  readonly #catalog: PageCatalog
  readonly #search: PageSearch
  readonly #locks: FileLocks
  readonly #writer: LockedWriter
  readonly #rawLayer: RawLayer
  readonly #date: LocalDate
  readonly #describe: DescribePage
  readonly #indexPath: string | undefined
  readonly #warn: (message: string) => void
  #saveTimer: NodeJS.Timeout | undefined
  readonly #beforeRename: ((tempPath: string) => void | Promise<void>) | undefined
  readonly #gitCommand: string

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
    this.#search = new PageSearch(
      this.#catalog,
      this.schema,
      this.#describe,
      options.language ?? this.schema.language,
    )
    this.#catalog.subscribe(this.#search)
    this.#indexPath = options.indexPath
    this.#warn =
      options.warn ?? ((message: string) => process.stderr.write(`markdown-folder: ${message}\n`))
    this.#locks = new FileLocks({ ...defaultLockTimings, ...options.lockTimings })
    this.#writer = new LockedWriter(this.#catalog, this.#locks, options.beforeRename)
    this.#beforeRename = options.beforeRename
    this.#gitCommand = options.commands?.git ?? 'git'
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
    // a move a crash interrupted after its commit point is finished before any page is read
    await recoverMove(this.#catalog.root, this.#locks)
    await this.#catalog.start(this.#readCache())
    this.#search.pack()
    this.indexingMs = Math.round(performance.now() - started)
    if (this.#indexPath) {
      this.#saveCache()
      // later changes reach the cache within a minute, and at close
      this.#saveTimer = setInterval(() => this.#saveCache(), 60_000)
      this.#saveTimer.unref()
    }
  }

  /** The cached pages by path, with the search index restored from the same cache. */
  #readCache(): Map<string, StoredPage> | undefined {
    const file = this.#indexPath
    if (!file) return undefined
    const read = readIndexCache(file, this.#catalog.root, this.#search.cacheKey)
    if (read.kind === 'missing') return undefined
    if (read.kind === 'discarded') {
      this.#warn(`index cache ${file} discarded (${read.reason}); rebuilding it`)
      return undefined
    }
    try {
      this.#search.restore(read.contents.index)
    } catch (error) {
      this.#warn(`index cache ${file} discarded (${(error as Error).message}); rebuilding it`)
      return undefined
    }
    return new Map(read.contents.pages.map((page) => [page.path, page]))
  }

  /** Writes the cache when pages changed since it was last written; a failure is reported once. */
  #saveCache(): void {
    const file = this.#indexPath
    if (!file) return
    const index = this.#search.snapshot()
    if (!index) return
    try {
      writeIndexCache(file, this.#catalog.root, this.#search.cacheKey, {
        pages: [...this.#catalog.pages()],
        index,
      })
    } catch (error) {
      this.#warn(
        `index cache ${file} not written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      )
    }
  }

  async close(): Promise<void> {
    if (this.#saveTimer) clearInterval(this.#saveTimer)
    this.#saveCache()
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
    options: {
      slug?: string | undefined
      limit?: number | undefined
      offset?: number | undefined
    } = {},
  ): Promise<LinkGraph> {
    return linkGraph(this.#catalog, options)
  }

  status(): Promise<WikiStatus> {
    return statusCounts(this.#catalog, this.schema, this.#date)
  }

  writePage(input: {
    path: string
    content: string
    expectedChecksum?: string | undefined
  }): Promise<WriteResult> {
    return writePage(this.#writer, this.schema, input)
  }

  appendLog(input: LogEntry): Promise<AppendLogResult> {
    return appendLog(this.#writer, this.#date, input)
  }

  checksum(input: string): Promise<ChecksumResult> {
    return fileChecksum({ wiki: this.#catalog.root, raw: this.#rawLayer.root }, input)
  }

  editPage(input: EditPageInput): Promise<EditResult> {
    return editPage(this.#writer, this.schema, input)
  }

  readSection(slug: string, section: string): Promise<SectionRead> {
    return readSection(this.#catalog, this.#date, slug, section)
  }

  movePage(input: MovePageInput): Promise<MoveResult> {
    const context = {
      catalog: this.#catalog,
      writer: this.#writer,
      locks: this.#locks,
      beforeRename: this.#beforeRename,
    }
    return movePage(context, input)
  }

  deletePage(input: DeletePageInput): Promise<DeleteResult> {
    return deletePage(this.#catalog, this.#writer, input)
  }

  recentChanges(options: RecentChangesOptions = {}): Promise<RecentChanges> {
    return recentChanges(this.#catalog, this.#gitCommand, options)
  }

  listTags(options: { limit?: number | undefined } = {}): Promise<TagList> {
    const tagsKey = this.schema.fields.find((field) => field.role === 'tags')?.key ?? 'tags'
    return listTags(this.#catalog, tagsKey, options)
  }
}

async function readServiceFile(root: string, name: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(root, name), 'utf8')
  } catch {
    return undefined
  }
}
