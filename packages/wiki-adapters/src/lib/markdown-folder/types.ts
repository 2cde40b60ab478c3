import type { LockTimings } from './file-lock.js'
import type { FrontmatterError } from './frontmatter.js'
import type { FrontmatterSchema } from './frontmatter-schema.js'
import type { SearchLanguage } from './stemming.js'
import type { RawCommands, RawDiff, RawListing, RawText } from './raw-layer.js'

// The public shapes of the Markdown folder source: its options, what each call returns, and the
// source itself. Operation modules import these; this module imports nothing that runs.

/** Settings of {@link createMarkdownFolderSource}. Test hooks are options too, never app settings. */
export interface MarkdownFolderSourceOptions {
  /** Folder of pages; must exist. */
  readonly wikiPath: string
  /** Folder of sources, never written; may be missing or absent. */
  readonly rawPath?: string | null | undefined
  /** Defaults to the `it` preset. */
  readonly schema?: FrontmatterSchema | undefined
  /**
   * Language of the pages' words for search (stemming and stop words); defaults to the schema's.
   * Set it when the schema says `none` but the pages are Italian or English.
   */
  readonly language?: SearchLanguage | undefined
  /**
   * File keeping the parsed pages and the search index between runs, outside the wiki folder; a
   * start then re-reads only the pages whose file changed. Absent: no cache.
   */
  readonly indexPath?: string | undefined
  /** Receives one line when the index cache is discarded or cannot be written (default: stderr). */
  readonly warn?: ((message: string) => void) | undefined
  /** IANA zone for every date produced; defaults to the process zone. */
  readonly timeZone?: string | undefined
  /** `true` (default) watches the folder, falling back to a sweep before each call when it cannot. */
  readonly watch?: boolean | undefined
  /** Interval of the stat-only safety sweep in watch mode (ms, default 60 000). */
  readonly sweepIntervalMs?: number | undefined
  /** Program names or paths for `git` and `pdftotext`. */
  readonly commands?: Partial<RawCommands> | undefined
  /** Lock timings (tests lower them). */
  readonly lockTimings?: Partial<LockTimings> | undefined
  /** Test hook: runs between fsync and rename of every atomic write. */
  readonly beforeRename?: ((tempPath: string) => void | Promise<void>) | undefined
}

/** A page in search results and listings: metadata only, never the body or links. */
export interface PageItem {
  readonly path: string
  readonly slug: string
  readonly title: string
  readonly frontmatter: Record<string, unknown>
  /** Frontmatter `tags`/`tag` (list, word or comma string) and inline `#tags`, each once. */
  readonly tags: string[]
  /** Frontmatter `aliases`/`alias`: other names that resolve to this page. */
  readonly aliases: string[]
  readonly updatedAt: string
  readonly frontmatterError?: FrontmatterError
}

export interface SearchHit extends PageItem {
  readonly score?: number
  readonly snippet?: string
}

export interface SearchQuery {
  readonly q?: string | undefined
  readonly tag?: string | undefined
  /** Exact value of the schema's type-role field. */
  readonly type?: string | undefined
  /** Exact value of the schema's status-role field. */
  readonly status?: string | undefined
  readonly topK?: number | undefined
}

export interface SearchResult {
  readonly results: SearchHit[]
  readonly total: number
  readonly truncated: boolean
  readonly mode: 'ranked' | 'substring' | 'all'
}

export interface PageList {
  readonly pages: PageItem[]
  readonly total: number
  readonly truncated: boolean
  readonly nextOffset?: number
}

export interface PageRead {
  readonly path: string
  readonly slug: string
  readonly title: string
  readonly frontmatter: Record<string, unknown>
  readonly content: string
  readonly links: string[]
  /** As {@link PageItem.tags}. */
  readonly tags: string[]
  /** As {@link PageItem.aliases}. */
  readonly aliases: string[]
  readonly updatedAt: string
  /** The file as on disk; when `truncated`, it must never be written back. */
  readonly fileText: string
  readonly sha256: string
  readonly size: number
  readonly truncated: boolean
  readonly frontmatterError?: FrontmatterError
}

export interface LinkGraph {
  readonly forward: Record<string, string[]>
  readonly reverse: Record<string, string[]>
  readonly orphans: string[]
  readonly broken: { target: string; sources: string[] }[]
  readonly ambiguous: { target: string; candidates: string[]; sources: string[] }[]
  readonly counts: {
    pages: number
    links: number
    orphans: number
    broken: number
    ambiguous: number
  }
  readonly truncated: boolean
  /** Set when the whole-wiki graph left out `forward` and `reverse` (over 500 pages). */
  readonly edgesOmitted?: true
  /** The `offset` that gives the next page of orphans, broken and ambiguous links. */
  readonly nextOffset?: number
}

export interface WikiStatus {
  readonly totalPages: number
  /**
   * Keyed `by` + the capitalised field key, e.g. `byTipo`, `byStato`; `byFolder` and `byTag` when
   * the schema declares no type or status field.
   */
  readonly buckets: Record<string, Record<string, number>>
  readonly lastUpdated: string | null
}

export interface WriteResult {
  readonly success: true
  readonly path: string
  readonly sha256: string
  readonly created: boolean
  readonly bytes: number
}

/** A log entry: free text as given, or a dated header built from `kind` and `title`. */
export type LogEntry =
  | { readonly entry: string }
  | {
      /** One line without `|`, at most 40 characters (`ingest`, `query`, `lint`, `refactor`…). */
      readonly kind: string
      readonly title: string
      readonly body?: string | undefined
    }

export interface AppendLogResult {
  readonly success: true
  readonly path: 'log.md'
  readonly header?: string
  readonly created: boolean
  readonly sha256: string
  readonly warning?: string
}

export interface ChecksumResult {
  readonly path: string
  readonly root: 'wiki' | 'raw'
  readonly checksum: string
  readonly sha256: string
  readonly size: number
}

/** The raw layer: read-only access to sources. */
export interface RawSource {
  list(options?: { limit?: number; offset?: number }): Promise<RawListing>
  read(filename: string, options?: { offset?: number; limit?: number }): Promise<RawText>
  diff(filename: string, options?: { maxChars?: number; context?: number }): Promise<RawDiff>
}

/** A live Markdown wiki: index, graph, status, confined locked writes and the raw layer. */
export interface MarkdownFolderSource {
  readonly schema: FrontmatterSchema
  /** `watch`: file events feed the index; `poll`: a stat sweep runs before each call. */
  readonly mode: 'watch' | 'poll'
  /** Start-up indexing time in milliseconds. */
  readonly indexingMs: number
  /** How many page files were read since start (test and benchmark counter). */
  readonly fileReads: number
  pageCount(): Promise<number>
  search(query: SearchQuery): Promise<SearchResult>
  listPages(options?: {
    folder?: string | undefined
    limit?: number | undefined
    offset?: number | undefined
  }): Promise<PageList>
  readPage(slug: string, options?: { maxChars?: number | undefined }): Promise<PageRead>
  graph(options?: {
    slug?: string | undefined
    limit?: number | undefined
    offset?: number | undefined
  }): Promise<LinkGraph>
  status(): Promise<WikiStatus>
  writePage(input: {
    path: string
    content: string
    expectedChecksum?: string | undefined
  }): Promise<WriteResult>
  appendLog(input: LogEntry): Promise<AppendLogResult>
  checksum(path: string): Promise<ChecksumResult>
  editPage(input: EditPageInput): Promise<EditResult>
  readSection(slug: string, section: string): Promise<SectionRead>
  movePage(input: MovePageInput): Promise<MoveResult>
  deletePage(input: DeletePageInput): Promise<DeleteResult>
  recentChanges(options?: RecentChangesOptions): Promise<RecentChanges>
  listTags(options?: { limit?: number | undefined }): Promise<TagList>
  readonly raw: RawSource
  close(): Promise<void>
}

/**
 * A partial edit of an existing page: `oldText` → `newText` where `oldText` occurs exactly
 * `occurrences` times (default 1), or `text` put into the section headed `section` (`replace` its
 * body, `append` after it, `prepend` under its heading). Give one form, not both.
 */
export interface EditPageInput {
  readonly path: string
  readonly oldText?: string | undefined
  readonly newText?: string | undefined
  readonly occurrences?: number | undefined
  readonly section?: string | undefined
  readonly mode?: 'replace' | 'append' | 'prepend' | undefined
  readonly text?: string | undefined
  /** The file's sha256 (or, for a section edit, the section's) as last read. */
  readonly expectedChecksum?: string | undefined
}

export interface EditResult {
  readonly success: true
  readonly path: string
  readonly sha256: string
  readonly bytes: number
  readonly replacements: number
}

/** One section of a page, read from disk, with a checksum of its own text. */
export interface SectionRead {
  readonly path: string
  readonly slug: string
  readonly heading: string
  /** The heading as a fragment: `[[page#slug]]`. */
  readonly sectionSlug: string
  readonly level: number
  /** 1-based line of the heading in the file. */
  readonly line: number
  /** The section as in the file: heading line, body and subsections. */
  readonly text: string
  /** sha256 of `text`; a section edit accepts it as `expectedChecksum`. */
  readonly sectionSha256: string
  /** sha256 of the whole file. */
  readonly sha256: string
  readonly updatedAt: string
}

export interface MovePageInput {
  /** The page to move: a path or slug as `readPage` takes it. */
  readonly from: string
  /** The new path, relative to the wiki, ending in `.md`; must not exist. */
  readonly to: string
  readonly expectedChecksum?: string | undefined
}

export interface ChangedPage {
  readonly path: string
  readonly sha256: string
}

export interface MoveResult {
  readonly success: true
  readonly from: string
  readonly to: string
  /** Every file written: the moved page (at its new path) and each page whose links changed. */
  readonly changed: ChangedPage[]
  readonly linksRewritten: number
}

export interface DeletePageInput {
  readonly path: string
  /** Delete even when other pages link to it. */
  readonly force?: boolean | undefined
  readonly expectedChecksum?: string | undefined
}

export interface DeleteResult {
  readonly success: true
  readonly path: string
  /** Pages whose links to the deleted page are now broken. */
  readonly brokenBacklinks: string[]
}

export interface RecentChangesOptions {
  /** `YYYY-MM-DD` or an ISO date-time; only changes at or after it. */
  readonly since?: string | undefined
  readonly limit?: number | undefined
}

export interface RecentChange {
  readonly path: string
  readonly slug: string
  readonly title: string
  /** Modification time as an ISO date-time (UTC). */
  readonly modifiedAt: string
}

export interface RecentCommit {
  readonly commit: string
  /** Commit time as an ISO date-time (UTC). */
  readonly committedAt: string
  readonly subject: string
  /** Pages the commit touched, relative to the wiki. */
  readonly paths: string[]
}

export interface RecentChanges {
  readonly changes: RecentChange[]
  readonly total: number
  readonly truncated: boolean
  /** Commits touching pages, newest first, when the wiki folder is in a git repository. */
  readonly commits?: RecentCommit[]
}

export interface TagList {
  readonly tags: { tag: string; count: number }[]
  readonly total: number
  readonly truncated: boolean
}
