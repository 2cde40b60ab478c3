import { stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { WikiSourceError } from '../wiki-source-error.js'
import { invalidArguments } from './argument-error.js'
import { writeTempFile } from './atomic-write.js'
import type { FileLocks } from './file-lock.js'
import { type LinkSpan, linkSpans } from './link-spans.js'
import type { RawLink, SlugResolver } from './links.js'
import type { LockedPage, LockedWriter } from './locked-write.js'
import { frontmatterEnd } from './markdown-sections.js'
import { MOVE_JOURNAL, type MoveJournal, completeJournal, writeJournal } from './move-journal.js'
import type { PageCatalog } from './page-catalog.js'
import { type StoredPage, parsePage } from './page-store.js'
import { toRelative } from './path-rules.js'
import { sha256Hex } from './sha256.js'
import { storageError } from './storage-error.js'
import type { MovePageInput, MoveResult } from './types.js'
import { assertChecksumFormat, writablePagePath } from './write-rules.js'

/** What a move needs from the source: the pages, the write path, the locks and the test hook. */
export interface MoveContext {
  readonly catalog: PageCatalog
  readonly writer: LockedWriter
  readonly locks: FileLocks
  readonly beforeRename: ((tempPath: string) => void | Promise<void>) | undefined
}

/**
 * Moves a page and rewrites every link whose target would change: links to the page (wikilinks
 * with or without alias or heading, embeds, relative Markdown links), the moved page's own
 * relative links, and links the move would make resolve elsewhere (a basename turned ambiguous).
 * Every file is written to a temp file first; a journal then commits the renames, so a failure
 * before it changes nothing and a crash after it is finished at the next start.
 */
export async function movePage(context: MoveContext, input: MovePageInput): Promise<MoveResult> {
  const { catalog, locks } = context
  assertChecksumFormat(input.expectedChecksum)
  const toPath = writablePagePath('to', input.to)
  const journalPath = path.join(catalog.root, MOVE_JOURNAL)
  // Moves run one at a time, each planned only once the previous one is done.
  return locks.withLock(journalPath, MOVE_JOURNAL, async () => {
    for (let attempt = 1; ; attempt += 1) {
      const done = await moveOnce(context, input, toPath, attempt < 3)
      if (done) return done
    }
  })
}

/**
 * Plans, locks every page the plan touches, and writes. A page that came to link to the moved
 * one between planning and locking (a concurrent write) sends it round again when `retry`.
 */
async function moveOnce(
  context: MoveContext,
  input: MovePageInput,
  toPath: string,
  retry: boolean,
): Promise<MoveResult | undefined> {
  const { catalog, writer } = context
  const planned = await planMove(catalog, input.from, toPath)
  const { page, plan, touched } = planned
  return writer.withPages([page.path, toPath, ...touched], async (held) => {
    if (retry) {
      await catalog.refresh()
      if (touchedPages(catalog, page.path, plan).some((p) => !held.has(p))) return undefined
    }
    const moved = held.get(page.path)
    const target = held.get(toPath)
    if (!moved?.current) throw notFound(input.from)
    if (target?.current !== undefined || target === undefined) {
      throw invalidArguments('to', `"${toPath}" already exists; delete or move it first`)
    }
    moved.assertExpected(input.expectedChecksum)
    const writes: PlannedWrite[] = []
    let linksRewritten = 0
    const movedText = rewriteFile(moved.current.toString('utf8'), page.slug, plan, toPath)
    linksRewritten += movedText.count
    writes.push({ page: target, text: movedText.text })
    for (const pagePath of touched) {
      const other = held.get(pagePath)
      if (!other?.current) continue
      const rewritten = rewriteFile(other.current.toString('utf8'), slugOf(pagePath), plan)
      if (rewritten.count === 0) continue
      linksRewritten += rewritten.count
      writes.push({ page: other, text: rewritten.text })
    }
    const changed = await commit(context, moved, writes)
    return { success: true as const, from: page.path, to: toPath, changed, linksRewritten }
  })
}

/** The page, the resolvers before and after, and the pages with a link to rewrite. */
async function planMove(
  catalog: PageCatalog,
  from: string,
  toPath: string,
): Promise<{ page: StoredPage; plan: LinkPlan; touched: string[] }> {
  await catalog.refresh()
  const page = catalog.resolveSlug(from)
  if (page.path === toPath)
    throw invalidArguments('to', `to is the page's current path "${toPath}"; nothing to move`)
  if (page.realPath !== path.join(catalog.root, page.path))
    throw invalidArguments('from', `"${page.path}" is a symlink; move the file it points to`)
  const oldSlug = page.slug
  const newSlug = toPath.replace(/\.md$/i, '')
  const before = catalog.slugResolver()
  const plan: LinkPlan = {
    oldSlug,
    newSlug,
    before,
    // without aliases: a link by alias is rewritten to the page's new slug
    after: before.changed([oldSlug], [newSlug], false),
    mayChange: mayChangeFilter(oldSlug, newSlug),
  }
  return { page, plan, touched: touchedPages(catalog, page.path, plan) }
}

/** The pages, other than the moved one, with a link the move must rewrite. */
function touchedPages(catalog: PageCatalog, movedPath: string, plan: LinkPlan): string[] {
  return [...catalog.pages()]
    .filter((p) => p.path !== movedPath && p.links.some((link) => needsRewrite(plan, link)))
    .map((p) => p.path)
}

interface PlannedWrite {
  readonly page: LockedPage
  readonly text: string
}

/** Temp files, journal, renames; then the catalog learns the new pages. */
async function commit(
  context: MoveContext,
  moved: LockedPage,
  writes: readonly PlannedWrite[],
): Promise<{ path: string; sha256: string }[]> {
  const { catalog, beforeRename } = context
  const root = catalog.root
  const staged: { temp: string; target: string; write: PlannedWrite; bytes: Buffer }[] = []
  let committed = false
  try {
    await Promise.all(
      writes.map(async (write) => {
        const bytes = Buffer.from(write.text, 'utf8')
        const temp = await writeTempFile(write.page.realPath, bytes)
        staged.push({ temp, target: write.page.realPath, write, bytes })
      }),
    )
    const journal: MoveJournal = {
      version: 1,
      renames: staged.map((s) => ({
        temp: toRelative(root, s.temp),
        target: toRelative(root, s.target),
      })),
      remove: toRelative(root, moved.realPath),
    }
    await writeJournal(root, journal)
    committed = true
    await completeJournal(root, journal, beforeRename)
  } catch (error) {
    if (!committed) await Promise.all(staged.map((s) => unlink(s.temp).catch(() => undefined)))
    // After the commit point a failed rename is redone at the next start: the journal stays.
    throw storageError(error, moved.path) ?? error
  }
  catalog.forget(moved.path)
  const infos = await Promise.all(staged.map(({ write }) => stat(write.page.realPath)))
  const changed: { path: string; sha256: string }[] = []
  staged.forEach(({ write, bytes }, i) => {
    const info = infos[i]
    if (info) catalog.store(parsePage(write.page.path, write.page.realPath, write.text, info))
    changed.push({ path: write.page.path, sha256: sha256Hex(bytes) })
  })
  return changed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

interface LinkPlan {
  readonly oldSlug: string
  readonly newSlug: string
  readonly before: SlugResolver
  readonly after: SlugResolver
  /** A cheap test that is false for every link whose resolution the move cannot change. */
  readonly mayChange: (target: string) => boolean
}

/**
 * The move changes the resolver's entries for the old and the new slug only, so only a link whose
 * target names one of them (whole, case-insensitively, or as a `/`-suffix such as a basename)
 * can resolve differently: the others skip both resolutions, most of a move's work on a large
 * wiki.
 */
function mayChangeFilter(oldSlug: string, newSlug: string): (target: string) => boolean {
  const names = [oldSlug.toLowerCase(), newSlug.toLowerCase()]
  const lastUnits = new Set(names.map((name) => name.charCodeAt(name.length - 1)))
  return (target) => {
    // A target ending in an ASCII character ends in its lower case after normalising and
    // lower-casing (nothing composes with or folds into a following ASCII character), so one
    // comparison turns most links away before the string work below.
    const last = target.charCodeAt(target.length - 1)
    if (last < 0x80 && !lastUnits.has(last >= 0x41 && last <= 0x5a ? last + 0x20 : last))
      return false
    const lower = target.normalize('NFC').toLowerCase()
    return names.some((name) => name === lower || name.endsWith(`/${lower}`))
  }
}

/** Whether a link resolves elsewhere after the move than it must (the moved page, or as before). */
function needsRewrite(plan: LinkPlan, link: RawLink): boolean {
  if (!plan.mayChange(link.target)) return false
  const was = plan.before.resolve(link)
  if (was.status !== 'resolved') return false
  const wanted = was.slug === plan.oldSlug ? plan.newSlug : was.slug
  const now = plan.after.resolve(link)
  return !(now.status === 'resolved' && now.slug === wanted)
}

/**
 * The file with each link rewritten whose target would change; for the moved page (`movedTo`
 * given), relative Markdown links are also re-based on its new folder.
 */
function rewriteFile(
  fileText: string,
  slug: string,
  plan: LinkPlan,
  movedTo?: string,
): { text: string; count: number } {
  const folder = path.posix.dirname(slug)
  const newFolder = movedTo === undefined ? folder : path.posix.dirname(movedTo)
  let out = ''
  let last = 0
  let count = 0
  for (const span of linkSpans(fileText, frontmatterEnd(fileText))) {
    const replacement =
      span.kind === 'wiki'
        ? rewrittenWikilinkTarget(plan, span.target)
        : markdownDestination(plan, span, folder, newFolder)
    if (replacement === undefined) continue
    out += fileText.slice(last, span.start) + replacement
    last = span.end
    count += 1
  }
  return { text: out + fileText.slice(last), count }
}

function rewrittenWikilinkTarget(plan: LinkPlan, written: string): string | undefined {
  const target = written.replace(/\.md$/i, '').replace(/^\/+/, '')
  const link: RawLink = { kind: 'wiki', target }
  if (!needsRewrite(plan, link)) return undefined
  const was = plan.before.resolve(link)
  if (was.status !== 'resolved') return undefined
  const wanted = was.slug === plan.oldSlug ? plan.newSlug : was.slug
  const suffix = /\.md$/i.test(written) ? written.slice(-3) : ''
  // The shortest form that resolves to the wanted page: its basename when the link used one.
  const basename = wanted.split('/').at(-1) ?? wanted
  if (!target.includes('/')) {
    const short = plan.after.resolve({ kind: 'wiki', target: basename })
    if (short.status === 'resolved' && short.slug === wanted) return basename + suffix
  }
  return wanted + suffix
}

function markdownDestination(
  plan: LinkPlan,
  span: Extract<LinkSpan, { kind: 'markdown' }>,
  folder: string,
  newFolder: string,
): string | undefined {
  const wrapped = span.destination.startsWith('<')
  const raw = wrapped ? span.destination.slice(1, -1) : span.destination
  const cut = raw.search(/[#?]/)
  const pathPart = cut === -1 ? raw : raw.slice(0, cut)
  const rest = cut === -1 ? '' : raw.slice(cut)
  if (pathPart === '' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(pathPart) || pathPart.startsWith('/'))
    return undefined
  let decoded = pathPart
  try {
    decoded = decodeURIComponent(pathPart)
  } catch {
    // malformed escapes: the link index keeps the raw text too
  }
  const joined = path.posix.normalize(folder === '.' ? decoded : `${folder}/${decoded}`)
  if (joined === '..' || joined.startsWith('../')) return undefined
  let destination: string
  const isPage = /\.md$/i.test(joined)
  const resolution = isPage
    ? plan.before.resolve({ kind: 'path', target: joined.replace(/\.md$/i, '') })
    : undefined
  if (resolution?.status === 'resolved' && resolution.slug === plan.oldSlug) {
    destination = `${plan.newSlug}${joined.slice(-3)}`
  } else if (newFolder !== folder) {
    destination = joined
  } else return undefined
  let relative = path.posix.relative(newFolder === '.' ? '' : newFolder, destination)
  if (pathPart.startsWith('./') && !relative.startsWith('.')) relative = `./${relative}`
  if (relative === pathPart && newFolder === folder) return undefined
  const encoded = pathPart.includes('%') ? encodeURI(relative) : relative
  const needsBrackets = wrapped || /[\s()<>]/.test(encoded)
  return needsBrackets ? `<${encoded}${rest}>` : `${encoded}${rest}`
}

function slugOf(pagePath: string): string {
  return pagePath.replace(/\.md$/i, '')
}

function notFound(shown: string): WikiSourceError {
  return new WikiSourceError('not_found', `No page "${shown}" in wiki/ (it was just removed).`, {
    data: { path: shown },
  })
}
