import { lstatSync, statSync } from 'node:fs'
import { lstat } from 'node:fs/promises'
import path from 'node:path'
import { WikiSourceError } from '../wiki-source-error.js'
import { type FolderWatcher, watchFolderTree } from './folder-watcher.js'
import { SlugResolver, compareCodeUnits } from './links.js'
import { type StoredPage, fileSignature, loadPage, walkPages } from './page-store.js'
import { assertLexicalPath, lexicalPathRefusal } from './path-rules.js'

/**
 * Told of every page the catalog stores or drops, synchronously, so that an index derived from
 * the pages (search) always holds exactly the catalog's pages.
 */
export interface CatalogListener {
  /** `reused`: the page came from the index cache unchanged, so an index restored with it has it. */
  stored(page: StoredPage, reused: boolean): void
  forgotten(page: StoredPage): void
}

export interface PageCatalogOptions {
  /** `true` watches the folder, falling back to a sweep before each call when it cannot. */
  readonly watch: boolean
  /** Interval of the stat-only safety sweep in watch mode (ms). */
  readonly sweepIntervalMs: number
}

/**
 * The wiki's pages in memory, by path and by slug, kept fresh: file events mark paths dirty in
 * watch mode (with a periodic safety sweep), a stat sweep runs before each call in poll mode.
 * Every operation calls `refresh()` first, then reads the pages from here.
 */
export class PageCatalog {
  readonly root: string
  /** `watch`: file events feed the catalog; `poll`: a stat sweep runs before each call. */
  mode: 'watch' | 'poll' = 'poll'
  /** How many page files were read since start (test and benchmark counter). */
  fileReads = 0

  readonly #options: PageCatalogOptions
  readonly #pages = new Map<string, StoredPage>()
  readonly #bySlug = new Map<string, StoredPage>()
  readonly #listeners: CatalogListener[] = []
  readonly #dirty = new Set<string>()
  #needsSweep = false
  #watcher: FolderWatcher | undefined
  #sweepTimer: NodeJS.Timeout | undefined
  #refreshing: Promise<void> | undefined
  /**
   * Slug lookups for link resolution, brought up to date when next asked for: slugs that came or
   * went since are patched in (a move changes two of ten thousand), while a change of aliases
   * drops them for a rebuild.
   */
  #resolver: SlugResolver | undefined
  readonly #slugsGone = new Set<string>()
  readonly #slugsNew = new Set<string>()

  constructor(root: string, options: PageCatalogOptions) {
    this.root = root
    this.#options = options
  }

  subscribe(listener: CatalogListener): void {
    this.#listeners.push(listener)
  }

  /**
   * Starts watching (when asked), then walks and loads every page; a page of `cached` whose file
   * has the same path and signature (inode, size, modification and change times) is taken as it
   * is instead of being read again.
   */
  async start(cached?: ReadonlyMap<string, StoredPage>): Promise<void> {
    if (this.#options.watch) await this.#startWatching()
    const found = await walkPages(this.root, this.root, true)
    for (const file of found) {
      const known = cached?.get(file.relative.normalize('NFC'))
      if (known && known.realPath === file.realPath && sameSignature(known, file.realPath)) {
        this.store(known, true)
        continue
      }
      const page = loadPage(file, () => this.countRead())
      if (page) this.store(page)
    }
  }

  async #startWatching(): Promise<void> {
    try {
      this.#watcher = await watchFolderTree(this.root, (relative) => {
        if (relative === null) this.#needsSweep = true
        else this.#dirty.add(relative)
      })
      this.mode = 'watch'
      this.#sweepTimer = setInterval(() => {
        this.#needsSweep = true
      }, this.#options.sweepIntervalMs)
      this.#sweepTimer.unref()
    } catch {
      this.mode = 'poll'
    }
  }

  close(): void {
    this.#watcher?.close()
    if (this.#sweepTimer) clearInterval(this.#sweepTimer)
  }

  countRead(): void {
    this.fileReads += 1
  }

  get size(): number {
    return this.#pages.size
  }

  get(pagePath: string): StoredPage | undefined {
    return this.#pages.get(pagePath)
  }

  bySlug(slug: string): StoredPage | undefined {
    return this.#bySlug.get(slug)
  }

  pages(): IterableIterator<StoredPage> {
    return this.#pages.values()
  }

  sortedPages(): StoredPage[] {
    return [...this.#pages.values()].sort((a, b) => compareCodeUnits(a.slug, b.slug))
  }

  store(page: StoredPage, reused = false): void {
    const old = this.#pages.get(page.path)
    if (old) this.#bySlug.delete(old.slug)
    if ((old?.aliases ?? []).join('\n') !== page.aliases.join('\n')) this.#dropResolver()
    if (old && old.slug !== page.slug) this.#slugGone(old.slug)
    if (!old || old.slug !== page.slug) this.#slugNew(page.slug)
    this.#pages.set(page.path, page)
    this.#bySlug.set(page.slug, page)
    for (const listener of this.#listeners) listener.stored(page, reused)
  }

  forget(pagePath: string): void {
    const page = this.#pages.get(pagePath)
    if (!page) return
    this.#pages.delete(pagePath)
    this.#bySlug.delete(page.slug)
    if (page.aliases.length > 0) this.#dropResolver()
    this.#slugGone(page.slug)
    for (const listener of this.#listeners) listener.forgotten(page)
  }

  slugResolver(): SlugResolver {
    if (this.#resolver && (this.#slugsGone.size > 0 || this.#slugsNew.size > 0))
      this.#resolver = this.#resolver.changed(this.#slugsGone, this.#slugsNew, true)
    this.#slugsGone.clear()
    this.#slugsNew.clear()
    this.#resolver ??= new SlugResolver(
      this.#bySlug.keys(),
      [...this.#bySlug.values()].flatMap((page) =>
        page.aliases.map((alias) => [alias, page.slug] as const),
      ),
    )
    return this.#resolver
  }

  #dropResolver(): void {
    this.#resolver = undefined
    this.#slugsGone.clear()
    this.#slugsNew.clear()
  }

  // A slug that goes and comes back (or comes and goes) before the next lookup cancels out.
  #slugGone(slug: string): void {
    if (this.#resolver && !this.#slugsNew.delete(slug)) this.#slugsGone.add(slug)
  }

  #slugNew(slug: string): void {
    if (this.#resolver && !this.#slugsGone.delete(slug)) this.#slugsNew.add(slug)
  }

  /** Exact, then unique case-insensitive, then (no `/`) unique basename, then unique alias. */
  resolveSlug(input: string): StoredPage {
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
    if (candidates.length === 0) {
      candidates = this.slugResolver()
        .byAlias(slug)
        .flatMap((found) => this.#bySlug.get(found) ?? [])
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
    throw new WikiSourceError('not_found', `No page "${input}" in wiki/.`, {
      data: { path: input },
    })
  }

  /** Brings the catalog up to date: dirty paths in watch mode, a full stat sweep otherwise. */
  async refresh(): Promise<void> {
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
    const found = await walkPages(this.root)
    const seen = new Set<string>()
    for (const file of found) {
      seen.add(file.relative.normalize('NFC'))
      this.#reloadIfChanged(file.relative, file.realPath)
    }
    for (const pagePath of [...this.#pages.keys()]) if (!seen.has(pagePath)) this.forget(pagePath)
  }

  async #applyDirty(): Promise<void> {
    // Dot names, `..` and lock folders (with all under them) never hold a page: a move alone
    // reports a hundred lock folders made and removed.
    const dirty = [...this.#dirty].filter(
      (relative) =>
        relative !== '' &&
        !relative
          .split('/')
          .some((s) => s.startsWith('.') || s === '..' || s.toLowerCase().endsWith('.lock')),
    )
    this.#dirty.clear()
    // stat'ed together: a move or a checkout reports hundreds of paths at once
    const infos = await Promise.all(
      dirty.map((relative) => lstat(path.join(this.root, relative)).catch(() => undefined)),
    )
    for (const [i, relative] of dirty.entries()) {
      const absolute = path.join(this.root, relative)
      const info = infos[i]
      if (!info) {
        const pagePath = relative.normalize('NFC')
        // a page was a file, so only a path that was none can have been a folder of pages
        if (this.#pages.has(pagePath)) this.forget(pagePath)
        else this.#forgetUnder(relative)
        continue
      }
      if (this.#throughLinkedFolder(relative)) {
        // reported under a folder that is now a symlink (a watch on a folder moved away keeps
        // reporting its old path): the path no longer names anything inside the wiki
        this.forget(relative.normalize('NFC'))
        this.#forgetUnder(relative)
        continue
      }
      if (info.isDirectory()) {
        if (lexicalPathRefusal(relative, false)) continue
        for (const file of await walkPages(this.root, absolute))
          this.#reloadIfChanged(file.relative, file.realPath)
        continue
      }
      if (lexicalPathRefusal(relative, true)) {
        // a folder that became a symlink (or anything but a folder): the walk never enters
        // one, so none of the pages once under it is a page any more
        if (info.isSymbolicLink() || !info.isDirectory()) this.#forgetUnder(relative)
        continue
      }
      let real = absolute
      if (info.isSymbolicLink()) {
        const found = (await walkPages(this.root, path.dirname(absolute))).find(
          (f) => f.relative === relative,
        )
        if (!found) {
          this.forget(relative.normalize('NFC'))
          continue
        }
        real = found.realPath
      } else if (!info.isFile()) continue
      this.#reloadIfChanged(relative, real)
    }
  }

  #forgetUnder(relative: string): void {
    const prefix = `${relative.normalize('NFC')}/`
    for (const key of [...this.#pages.keys()]) if (key.startsWith(prefix)) this.forget(key)
  }

  /** Whether a folder on the way to `relative` is not a real folder (a symlink, a file, gone). */
  #throughLinkedFolder(relative: string): boolean {
    const segments = relative.split('/')
    let folder = this.root
    for (const segment of segments.slice(0, -1)) {
      folder = path.join(folder, segment)
      try {
        const info = lstatSync(folder)
        if (info.isSymbolicLink() || !info.isDirectory()) return true
      } catch {
        return true
      }
    }
    return false
  }

  /** Re-reads a page only when its signature changed (synchronous: see `loadPage`). */
  #reloadIfChanged(relative: string, realPath: string): void {
    const pagePath = relative.normalize('NFC')
    let info
    try {
      info = statSync(realPath)
    } catch {
      this.forget(pagePath)
      return
    }
    const known = this.#pages.get(pagePath)
    if (known && known.signature === fileSignature(info)) return
    const page = loadPage({ relative, realPath }, () => this.countRead())
    if (page) this.store(page)
    else this.forget(pagePath)
  }
}

function sameSignature(page: StoredPage, realPath: string): boolean {
  try {
    return fileSignature(statSync(realPath)) === page.signature
  } catch {
    return false
  }
}
