import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs'
import { lstat, readdir, realpath, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { TEMP_FILE } from './atomic-write.js'
import { type FrontmatterError, firstHeading, splitFrontmatter } from './frontmatter.js'
import { type RawLink, extractLinks } from './links.js'
import { pageAliases, pageTags } from './page-metadata.js'
import { isInside, lexicalPathRefusal, toRelative } from './path-rules.js'

/** A page as held in memory. */
export interface StoredPage {
  readonly path: string
  readonly slug: string
  readonly realPath: string
  readonly title: string
  readonly frontmatter: Readonly<Record<string, unknown>>
  readonly frontmatterError: FrontmatterError | undefined
  readonly content: string
  readonly links: readonly RawLink[]
  /** Frontmatter `tags`/`tag` (list, word or comma string) then inline `#tags`, each once. */
  readonly tags: readonly string[]
  /** Frontmatter `aliases`/`alias`: other names links and reads resolve to this page. */
  readonly aliases: readonly string[]
  readonly mtimeMs: number
  readonly signature: string
}

/** File-system facts used to decide whether a file changed. */
export function fileSignature(info: {
  ino: number
  size: number
  mtimeMs: number
  ctimeMs: number
}): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`
}

export function parsePage(
  relative: string,
  realPath: string,
  text: string,
  info: { ino: number; size: number; mtimeMs: number; ctimeMs: number },
): StoredPage {
  const pagePath = relative.normalize('NFC')
  const slug = pagePath.replace(/\.md$/i, '')
  const split = splitFrontmatter(text)
  const basename = slug.split('/').at(-1) ?? slug
  return {
    path: pagePath,
    slug,
    realPath,
    title: firstHeading(split.content) ?? basename,
    frontmatter: split.frontmatter,
    frontmatterError: split.error,
    content: split.content,
    links: extractLinks(split.content, slug),
    tags: pageTags(split.frontmatter, split.content),
    aliases: pageAliases(split.frontmatter),
    mtimeMs: info.mtimeMs,
    signature: fileSignature(info),
  }
}

/** A Markdown file found by the walk. */
export interface FoundFile {
  readonly relative: string
  readonly realPath: string
}

const STALE_TEMP_MS = 10 * 60 * 1000

/**
 * Lists the wiki's pages: `.md` (any case) regular files, skipping dot names and `.lock` folders,
 * never entering symlinked folders; a symlinked file is kept when its real path is inside and valid.
 * Temp files left by a crashed writer for over 10 minutes are removed on the way.
 */
export async function walkPages(
  rootReal: string,
  start: string = rootReal,
  cleanTemps = false,
): Promise<FoundFile[]> {
  const found: FoundFile[] = []
  const visit = async (folder: string): Promise<void> => {
    let entries
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch {
      return
    }
    const subfolders: string[] = []
    for (const entry of entries) {
      const absolute = path.join(folder, entry.name)
      if (entry.name.startsWith('.')) {
        if (cleanTemps && entry.isFile() && TEMP_FILE.test(entry.name))
          await removeIfStale(absolute)
        continue
      }
      if (entry.isDirectory()) {
        if (!entry.name.toLowerCase().endsWith('.lock')) subfolders.push(absolute)
      } else if (/\.md$/i.test(entry.name)) {
        if (entry.isFile())
          found.push({ relative: toRelative(rootReal, absolute), realPath: absolute })
        else if (entry.isSymbolicLink()) {
          const real = await safeRealFile(rootReal, absolute)
          if (real) found.push({ relative: toRelative(rootReal, absolute), realPath: real })
        }
      }
    }
    await Promise.all(subfolders.map(visit))
  }
  await visit(start)
  return found
}

async function removeIfStale(file: string): Promise<void> {
  try {
    const info = await lstat(file)
    if (Date.now() - info.mtimeMs > STALE_TEMP_MS) await unlink(file)
  } catch {
    // already gone
  }
}

async function safeRealFile(rootReal: string, link: string): Promise<string | undefined> {
  try {
    const real = await realpath(link)
    if (!isInside(rootReal, real)) return undefined
    const relative = toRelative(rootReal, real)
    if (lexicalPathRefusal(relative, true)) return undefined
    if (!(await stat(real)).isFile()) return undefined
    return real
  } catch {
    return undefined
  }
}

/**
 * Reads and parses one page file, counting the read. Synchronous on purpose: with thousands of
 * small files, the thread-pool round trips of async stat/open/read/close cost more than the reads.
 */
export function loadPage(found: FoundFile, countRead: () => void): StoredPage | undefined {
  let fd: number | undefined
  try {
    // one open and an fstat of the open file instead of a separate path lookup by statSync;
    // non-blocking so that a FIFO put in a page's place is opened, seen as no file and closed
    fd = openSync(found.realPath, OPEN_FLAGS)
    const info = fstatSync(fd)
    if (!info.isFile()) return undefined
    const text = readFileSync(fd, 'utf8')
    countRead()
    return parsePage(found.relative, found.realPath, text, info)
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeQuietly(fd)
  }
}

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

function closeQuietly(fd: number): void {
  try {
    closeSync(fd)
  } catch {
    // the page was read (or refused) already; a failed close changes nothing for the caller
  }
}
