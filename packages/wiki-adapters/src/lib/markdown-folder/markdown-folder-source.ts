import { statSync } from 'node:fs'
import { lstat, mkdir, readFile, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { WikiSourceError } from '../wiki-source-error.js'
import { replaceFileAtomically } from './atomic-write.js'
import { FileLocks, defaultLockTimings } from './file-lock.js'
import { type FolderWatcher, watchFolderTree } from './folder-watcher.js'
import { splitFrontmatter } from './frontmatter.js'
import {
  type FrontmatterIssue,
  type FrontmatterSchema,
  defaultStopWords,
  frontmatterPresets,
  roleField,
  validateFrontmatter,
} from './frontmatter-schema.js'
import { SlugResolver, compareCodeUnits } from './links.js'
import { type StoredPage, fileSignature, loadPage, parsePage, walkPages } from './page-store.js'
import {
  assertLexicalPath,
  confinePath,
  isCode,
  isInside,
  lexicalPathRefusal,
} from './path-rules.js'
import { RawLayer, sha256Hex } from './raw-layer.js'
import { SearchIndex, foldForSubstring, makeSnippet, topScored } from './search-index.js'
import { cutString, foldStopWords } from './tokenize.js'
import type {
  AppendLogResult,
  ChecksumResult,
  LinkGraph,
  LogEntry,
  MarkdownFolderSource,
  MarkdownFolderSourceOptions,
  PageItem,
  PageList,
  PageRead,
  RawSource,
  SearchHit,
  SearchQuery,
  SearchResult,
  WikiStatus,
  WriteResult,
} from './types.js'

const MAX_CONTENT = 200_000
const MAX_LOG_ENTRY = 32_000
const SERVICE_PAGES = new Set(['index.md', 'log.md', 'sources.md', 'overview.md'])
const CHECKSUM = /^(?:[0-9a-f]{12}|[0-9a-f]{64})$/
const DATE = /^\d{4}-\d{2}-\d{2}$/
const LOG_HEADER = /^## \[\d{4}-\d{2}-\d{2}\] /

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

class FolderSource implements MarkdownFolderSource {
  readonly schema: FrontmatterSchema
  readonly raw: RawSource
  mode: 'watch' | 'poll' = 'poll'
  indexingMs = 0
  fileReads = 0

  readonly #root: string
  readonly #pages = new Map<string, StoredPage>()
  readonly #bySlug = new Map<string, StoredPage>()
  readonly #index: SearchIndex
  readonly #locks: FileLocks
  readonly #rawLayer: RawLayer
  readonly #options: Readonly<MarkdownFolderSourceOptions>
  readonly #dateFormat: Intl.DateTimeFormat
  readonly #dirty = new Set<string>()
  #needsSweep = false
  #watcher: FolderWatcher | undefined
  #sweepTimer: NodeJS.Timeout | undefined
  #refreshing: Promise<void> | undefined
  /** Slug lookups for link resolution; dropped whenever the set of slugs changes. */
  #resolver: SlugResolver | undefined

  constructor(
    root: string,
    rawRoot: string | undefined,
    options: Readonly<MarkdownFolderSourceOptions>,
  ) {
    this.#root = root
    this.#options = options
    this.schema = options.schema ?? frontmatterPresets.it
    this.#index = new SearchIndex(
      foldStopWords(this.schema.stopWords ?? defaultStopWords(this.schema.language)),
    )
    this.#locks = new FileLocks({ ...defaultLockTimings, ...options.lockTimings })
    this.#dateFormat = new Intl.DateTimeFormat('en-CA', {
      timeZone: options.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    this.#rawLayer = new RawLayer(
      rawRoot,
      {
        git: options.commands?.git ?? 'git',
        pdftotext: options.commands?.pdftotext ?? 'pdftotext',
      },
      () => this.#readServiceFile('sources.md'),
    )
    const layer = this.#rawLayer
    this.raw = {
      list: (o) => layer.list(o),
      read: (f, o) => layer.read(f, o),
      diff: (f, o) => layer.diff(f, o),
    }
  }

  async start(): Promise<void> {
    const started = performance.now()
    if (this.#options.watch !== false) await this.#startWatching()
    const found = await walkPages(this.#root, this.#root, true)
    for (const file of found) {
      const page = loadPage(file, () => (this.fileReads += 1))
      if (page) this.#store(page)
    }
    // the postings are inverted once for the whole wiki rather than grown page by page
    this.#index.pack()
    this.indexingMs = Math.round(performance.now() - started)
  }

  async #startWatching(): Promise<void> {
    try {
      this.#watcher = await watchFolderTree(this.#root, (relative) => {
        if (relative === null) this.#needsSweep = true
        else this.#dirty.add(relative)
      })
      this.mode = 'watch'
      const interval = this.#options.sweepIntervalMs ?? 60_000
      this.#sweepTimer = setInterval(() => {
        this.#needsSweep = true
      }, interval)
      this.#sweepTimer.unref()
    } catch {
      this.mode = 'poll'
    }
  }

  async close(): Promise<void> {
    this.#watcher?.close()
    if (this.#sweepTimer) clearInterval(this.#sweepTimer)
    await this.#locks.releaseAll()
  }

  #store(page: StoredPage): void {
    const old = this.#pages.get(page.path)
    if (old) this.#bySlug.delete(old.slug)
    else this.#resolver = undefined
    this.#pages.set(page.path, page)
    this.#bySlug.set(page.slug, page)
    const tagsField = roleField(this.schema, 'tags')
    const tags = tagsField ? stringList(page.frontmatter[tagsField.key]) : []
    this.#index.set({ slug: page.slug, title: page.title, tags, body: page.content })
  }

  #forget(pagePath: string): void {
    const page = this.#pages.get(pagePath)
    if (!page) return
    this.#pages.delete(pagePath)
    this.#bySlug.delete(page.slug)
    this.#resolver = undefined
    this.#index.delete(page.slug)
  }

  /** Brings the index up to date: dirty paths in watch mode, a full stat sweep otherwise. */
  async #refresh(): Promise<void> {
    while (this.#refreshing) await this.#refreshing
    const sweep = this.mode === 'poll' || this.#needsSweep
    if (!sweep && this.#dirty.size === 0) return
    this.#refreshing = (sweep ? this.#sweep() : this.#applyDirty()).finally(() => {
      this.#refreshing = undefined
    })
    await this.#refreshing
  }

  async #sweep(): Promise<void> {
    this.#needsSweep = false
    this.#dirty.clear()
    const found = await walkPages(this.#root)
    const seen = new Set<string>()
    for (const file of found) {
      seen.add(file.relative.normalize('NFC'))
      this.#reloadIfChanged(file.relative, file.realPath)
    }
    for (const pagePath of [...this.#pages.keys()]) if (!seen.has(pagePath)) this.#forget(pagePath)
  }

  async #applyDirty(): Promise<void> {
    const dirty = [...this.#dirty]
    this.#dirty.clear()
    for (const relative of dirty) {
      if (relative === '' || relative.split('/').some((s) => s.startsWith('.') || s === '..'))
        continue
      const absolute = path.join(this.#root, relative)
      let info
      try {
        info = await lstat(absolute)
      } catch {
        const pagePath = relative.normalize('NFC')
        this.#forget(pagePath)
        for (const key of [...this.#pages.keys()])
          if (key.startsWith(`${pagePath}/`)) this.#forget(key)
        continue
      }
      if (info.isDirectory()) {
        if (lexicalPathRefusal(relative, false)) continue
        for (const file of await walkPages(this.#root, absolute))
          this.#reloadIfChanged(file.relative, file.realPath)
        continue
      }
      if (lexicalPathRefusal(relative, true)) continue
      let real = absolute
      if (info.isSymbolicLink()) {
        const found = (await walkPages(this.#root, path.dirname(absolute))).find(
          (f) => f.relative === relative,
        )
        if (!found) {
          this.#forget(relative.normalize('NFC'))
          continue
        }
        real = found.realPath
      } else if (!info.isFile()) continue
      this.#reloadIfChanged(relative, real)
    }
  }

  /** Re-reads a page only when its signature changed (synchronous: see `loadPage`). */
  #reloadIfChanged(relative: string, realPath: string): void {
    const pagePath = relative.normalize('NFC')
    let info
    try {
      info = statSync(realPath)
    } catch {
      this.#forget(pagePath)
      return
    }
    const known = this.#pages.get(pagePath)
    if (known && known.signature === fileSignature(info)) return
    const page = loadPage({ relative, realPath }, () => (this.fileReads += 1))
    if (page) this.#store(page)
    else this.#forget(pagePath)
  }

  #slugResolver(): SlugResolver {
    this.#resolver ??= new SlugResolver(this.#bySlug.keys())
    return this.#resolver
  }

  async pageCount(): Promise<number> {
    await this.#refresh()
    return this.#pages.size
  }

  #date(ms: number): string {
    return this.#dateFormat.format(new Date(ms))
  }

  #item(page: StoredPage): PageItem {
    const frontmatter: Record<string, unknown> = {}
    for (const field of this.schema.fields) {
      const value = page.frontmatter[field.key]
      if (value !== undefined) frontmatter[field.key] = value
      else if (field.kind === 'string-list') frontmatter[field.key] = []
    }
    return {
      path: page.path,
      slug: page.slug,
      title: page.title,
      frontmatter,
      updatedAt: this.#date(page.mtimeMs),
      ...(page.frontmatterError ? { frontmatterError: page.frontmatterError } : {}),
    }
  }

  #sortedPages(): StoredPage[] {
    return [...this.#pages.values()].sort((a, b) => compareCodeUnits(a.slug, b.slug))
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    if (query.q !== undefined && query.q.length > 500) {
      throw invalidArguments('q', `q is ${query.q.length} characters, over the 500 limit`)
    }
    await this.#refresh()
    const typeKey = roleField(this.schema, 'type')?.key
    const statusKey = roleField(this.schema, 'status')?.key
    const tagsKey = roleField(this.schema, 'tags')?.key
    const tag = query.tag?.toLowerCase()
    const accepts = (page: StoredPage): boolean => {
      if (
        query.type !== undefined &&
        (typeKey === undefined || page.frontmatter[typeKey] !== query.type)
      )
        return false
      if (
        query.status !== undefined &&
        (statusKey === undefined || page.frontmatter[statusKey] !== query.status)
      )
        return false
      if (tag !== undefined) {
        const tags = tagsKey ? stringList(page.frontmatter[tagsKey]) : []
        if (!tags.some((t) => t.toLowerCase() === tag)) return false
      }
      return true
    }
    const q = query.q?.trim() ?? ''
    const topK = query.topK ?? (q === '' ? 50 : 10)
    const finish = (hits: SearchHit[], mode: SearchResult['mode']): SearchResult => ({
      results: hits.slice(0, topK),
      total: hits.length,
      truncated: hits.length > topK,
      mode,
    })
    if (q === '') {
      return finish(
        this.#sortedPages()
          .filter(accepts)
          .map((page) => this.#item(page)),
        'all',
      )
    }
    const terms = [...new Set(this.#index.tokens(q))]
    if (terms.length === 0) {
      const needle = foldForSubstring(q)
      const matches = this.#sortedPages().filter((page) => {
        if (!accepts(page)) return false
        const tags = tagsKey ? stringList(page.frontmatter[tagsKey]) : []
        return foldForSubstring(`${page.title} ${page.content} ${tags.join(' ')}`).includes(needle)
      })
      const hits = matches.slice(0, topK).map((page) => this.#withSnippet(page, [needle]))
      return {
        results: hits,
        total: matches.length,
        truncated: matches.length > topK,
        mode: 'substring',
      }
    }
    const scored = this.#index.score(terms)
    const filtered = query.type !== undefined || query.status !== undefined || tag !== undefined
    // the index and #bySlug change together (#store, #forget), so unfiltered hits need no lookup
    const kept = filtered
      ? scored.filter((hit) => {
          const page = this.#bySlug.get(hit.slug)
          return page !== undefined && accepts(page)
        })
      : scored
    const results = topScored(kept, topK).map((hit) => {
      const page = this.#bySlug.get(hit.slug) as StoredPage
      return { ...this.#withSnippet(page, terms), score: hit.score }
    })
    return { results, total: kept.length, truncated: kept.length > topK, mode: 'ranked' }
  }

  #withSnippet(page: StoredPage, needles: readonly string[]): SearchHit {
    const snippet = makeSnippet(page.content, needles)
    return { ...this.#item(page), ...(snippet === undefined ? {} : { snippet }) }
  }

  async listPages(
    options: {
      folder?: string | undefined
      limit?: number | undefined
      offset?: number | undefined
    } = {},
  ): Promise<PageList> {
    const folder = options.folder?.normalize('NFC')
    if (folder !== undefined) assertLexicalPath('categoria', folder, false)
    await this.#refresh()
    const limit = options.limit ?? 100
    const offset = options.offset ?? 0
    const all = this.#sortedPages().filter(
      (page) => folder === undefined || page.path.startsWith(`${folder}/`),
    )
    const slice = all.slice(offset, offset + limit)
    const truncated = offset + slice.length < all.length
    return {
      pages: slice.map((page) => this.#item(page)),
      total: all.length,
      truncated,
      ...(truncated ? { nextOffset: offset + slice.length } : {}),
    }
  }

  /** Exact, then unique case-insensitive, then (no `/`) unique basename. */
  #resolveSlug(input: string): StoredPage {
    assertLexicalPath('slug', input, false)
    const slug = input.normalize('NFC').replace(/\.md$/i, '')
    const exact = this.#bySlug.get(slug)
    if (exact) return exact
    const lower = slug.toLowerCase()
    let candidates = [...this.#bySlug.values()].filter((page) => page.slug.toLowerCase() === lower)
    if (candidates.length === 0 && !slug.includes('/')) {
      candidates = [...this.#bySlug.values()].filter(
        (page) => (page.slug.split('/').at(-1) ?? '').toLowerCase() === lower,
      )
    }
    if (candidates.length === 1 && candidates[0]) return candidates[0]
    if (candidates.length > 1) {
      const names = candidates.map((page) => page.slug).sort(compareCodeUnits)
      throw new WikiSourceError(
        'ambiguous',
        `"${input}" matches ${names.length} pages: ${names.join(', ')}; give the full slug.`,
        {
          data: { candidates: names },
        },
      )
    }
    throw new WikiSourceError(
      'not_found',
      `No page "${input}" in wiki/; search with wikiSearch or list with wikiListPages.`,
      {
        data: { path: input },
      },
    )
  }

  async readPage(slug: string, options: { maxChars?: number | undefined } = {}): Promise<PageRead> {
    await this.#refresh()
    let page = this.#resolveSlug(slug)
    let bytes: Buffer
    let info
    try {
      info = await stat(page.realPath)
      bytes = await readFile(page.realPath)
      this.fileReads += 1
    } catch {
      this.#forget(page.path)
      throw new WikiSourceError('not_found', `No page "${slug}" in wiki/ (it was just removed).`, {
        data: { path: slug },
      })
    }
    const fileText = bytes.toString('utf8')
    if (page.signature !== fileSignature(info)) {
      page = parsePage(page.path, page.realPath, fileText, info)
      this.#store(page)
    }
    const maxChars = options.maxChars ?? 100_000
    const content = cutString(page.content, maxChars)
    const shownText = cutString(fileText, maxChars)
    const resolver = this.#slugResolver()
    const links = page.links.map((link) => {
      const resolution = resolver.resolve(link)
      return resolution.status === 'resolved' ? resolution.slug : link.target
    })
    return {
      path: page.path,
      slug: page.slug,
      title: page.title,
      frontmatter: { ...page.frontmatter },
      content,
      links: [...new Set(links)],
      updatedAt: this.#date(info.mtimeMs),
      fileText: shownText,
      sha256: sha256Hex(bytes),
      size: bytes.length,
      truncated: content.length < page.content.length || shownText.length < fileText.length,
      ...(page.frontmatterError ? { frontmatterError: page.frontmatterError } : {}),
    }
  }

  async graph(
    options: { slug?: string | undefined; limit?: number | undefined } = {},
  ): Promise<LinkGraph> {
    await this.#refresh()
    const only = options.slug === undefined ? undefined : this.#resolveSlug(options.slug).slug
    const limit = options.limit ?? 1000
    const pages = this.#sortedPages()
    const resolver = this.#slugResolver()
    const forward: Record<string, string[]> = {}
    const reverse = new Map<string, Set<string>>()
    const broken = new Map<string, Set<string>>()
    const ambiguous = new Map<string, { candidates: readonly string[]; sources: Set<string> }>()
    const inbound = new Map<string, number>()
    let linkCount = 0
    for (const page of pages) reverse.set(page.slug, new Set())
    for (const page of pages) {
      const targets: string[] = []
      for (const link of page.links) {
        const resolution = resolver.resolve(link)
        const target = resolution.status === 'resolved' ? resolution.slug : link.target
        if (targets.includes(target)) continue
        targets.push(target)
        linkCount += 1
        addTo(reverse, target, page.slug)
        if (resolution.status === 'resolved') {
          if (resolution.slug !== page.slug)
            inbound.set(resolution.slug, (inbound.get(resolution.slug) ?? 0) + 1)
        } else if (resolution.status === 'broken') addTo(broken, link.target, page.slug)
        else {
          const entry = ambiguous.get(link.target) ?? {
            candidates: resolution.candidates,
            sources: new Set<string>(),
          }
          entry.sources.add(page.slug)
          ambiguous.set(link.target, entry)
        }
      }
      forward[page.slug] = targets
    }
    const orphans = pages
      .filter((page) => !SERVICE_PAGES.has(page.path) && !inbound.has(page.slug))
      .map((page) => page.slug)
    const reverseObject: Record<string, string[]> = {}
    for (const key of [...reverse.keys()].sort(compareCodeUnits)) {
      reverseObject[key] = [...(reverse.get(key) ?? [])].sort(compareCodeUnits)
    }
    let brokenList = [...broken.entries()]
      .sort(([a], [b]) => compareCodeUnits(a, b))
      .map(([target, sources]) => ({ target, sources: [...sources].sort(compareCodeUnits) }))
    let ambiguousList = [...ambiguous.entries()]
      .sort(([a], [b]) => compareCodeUnits(a, b))
      .map(([target, entry]) => ({
        target,
        candidates: [...entry.candidates],
        sources: [...entry.sources].sort(compareCodeUnits),
      }))
    const counts = {
      pages: pages.length,
      links: linkCount,
      orphans: orphans.length,
      broken: brokenList.length,
      ambiguous: ambiguousList.length,
    }
    let forwardOut = forward
    let reverseOut = reverseObject
    let orphansOut = orphans
    if (only !== undefined) {
      forwardOut = { [only]: forward[only] ?? [] }
      reverseOut = { [only]: reverseObject[only] ?? [] }
      orphansOut = orphans.filter((slug) => slug === only)
      brokenList = brokenList.filter((entry) => entry.sources.includes(only))
      ambiguousList = ambiguousList.filter((entry) => entry.sources.includes(only))
    }
    let truncated = false
    const capList = <T>(list: T[]): T[] => {
      if (list.length > limit) truncated = true
      return list.slice(0, limit)
    }
    const capRecord = (record: Record<string, string[]>): Record<string, string[]> => {
      const out: Record<string, string[]> = {}
      for (const key of capList(Object.keys(record))) out[key] = capList(record[key] ?? [])
      return out
    }
    return {
      forward: capRecord(forwardOut),
      reverse: capRecord(reverseOut),
      orphans: capList(orphansOut),
      broken: capList(brokenList).map((e) => ({ ...e, sources: capList(e.sources) })),
      ambiguous: capList(ambiguousList).map((e) => ({
        ...e,
        candidates: capList(e.candidates),
        sources: capList(e.sources),
      })),
      counts,
      truncated,
    }
  }

  async status(): Promise<WikiStatus> {
    await this.#refresh()
    const missingPrefix = this.schema.language === 'it' ? 'senza-' : 'no-'
    const buckets: Record<string, Record<string, number>> = {}
    const updatedKey = roleField(this.schema, 'updated')?.key
    for (const role of ['type', 'status'] as const) {
      const field = roleField(this.schema, role)
      if (!field) continue
      const counts = new Map<string, number>()
      for (const page of this.#pages.values()) {
        const value = page.frontmatter[field.key]
        const bucket = typeof value === 'string' ? value : `${missingPrefix}${field.key}`
        counts.set(bucket, (counts.get(bucket) ?? 0) + 1)
      }
      const sorted = [...counts.entries()].sort(([a, x], [b, y]) => y - x || compareCodeUnits(a, b))
      const map: Record<string, number> = {}
      let other = 0
      for (const [i, [key, count]] of sorted.entries()) {
        if (i < 199 || sorted.length <= 200) map[key] = count
        else other += count
      }
      if (other > 0) map['(other)'] = other
      buckets[`by${field.key.charAt(0).toUpperCase()}${field.key.slice(1)}`] = map
    }
    let lastUpdated: string | null = null
    for (const page of this.#pages.values()) {
      const declared = updatedKey ? page.frontmatter[updatedKey] : undefined
      const date =
        typeof declared === 'string' && DATE.test(declared) ? declared : this.#date(page.mtimeMs)
      if (lastUpdated === null || date > lastUpdated) lastUpdated = date
    }
    return { totalPages: this.#pages.size, buckets, lastUpdated }
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
    let confined = await confinePath('path', this.#root, pagePath, true)
    for (const folder of confined.missingFolders) {
      try {
        await mkdir(folder)
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error
      }
      const real = await realpath(folder)
      if (!isInside(this.#root, real) || !(await stat(real)).isDirectory()) {
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
      confined = await confinePath('path', this.#root, pagePath, true)
    const target = confined.realPath
    const bytes = Buffer.from(content, 'utf8')
    const result = await this.#locks.withLock(target, pagePath, async () => {
      const again = await confinePath('path', this.#root, pagePath, true)
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
      await replaceFileAtomically(target, bytes, this.#options.beforeRename)
      const info = await stat(target)
      this.#store(parsePage(pagePath, target, content, info))
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
    const confined = await confinePath('path', this.#root, 'log.md', true)
    const target = confined.realPath
    return this.#locks.withLock(target, 'log.md', async () => {
      const current = await readIfExists(target)
      const old = current?.toString('utf8') ?? ''
      const separator =
        old === '' ? '' : old.endsWith('\n\n') ? '' : old.endsWith('\n') ? '\n' : '\n\n'
      const next = `${old}${separator}${text}${text.endsWith('\n') ? '' : '\n'}`
      const bytes = Buffer.from(next, 'utf8')
      await replaceFileAtomically(target, bytes, this.#options.beforeRename)
      const info = await stat(target)
      this.#store(parsePage('log.md', target, next, info))
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
      const rootReal = attempt.root === 'wiki' ? this.#root : this.#rawLayer.root
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

  async #readServiceFile(name: string): Promise<string | undefined> {
    try {
      return await readFile(path.join(this.#root, name), 'utf8')
    } catch {
      return undefined
    }
  }
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key)
  if (set) set.add(value)
  else map.set(key, new Set([value]))
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
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
