import { mkdir, readFile, realpath, rmdir, stat } from 'node:fs/promises'
import { WikiSourceError } from '../wiki-source-error.js'
import { replaceFileAtomically } from './atomic-write.js'
import type { FileLocks } from './file-lock.js'
import { onDiskName } from './on-disk-name.js'
import type { PageCatalog } from './page-catalog.js'
import { parsePage } from './page-store.js'
import { confinePath, isCode, isInside } from './path-rules.js'
import { sha256Hex } from './sha256.js'
import { storageError } from './storage-error.js'

/** A page file held under its lock: what is on disk now, and the one way to replace it. */
export interface LockedPage {
  /** Relative to the wiki, NFC. */
  readonly path: string
  readonly realPath: string
  /** The file's bytes when the lock was taken; `undefined` when it does not exist. */
  readonly current: Buffer | undefined
  /** sha256 of `current`; `null` when the file does not exist. */
  readonly currentSha256: string | null
  /**
   * Throws `conflict` unless the file is as the caller last saw it: `undefined` accepts anything,
   * `""` only a missing file, 12 or 64 hex characters a file whose sha256 starts with them.
   */
  assertExpected(expectedChecksum: string | undefined): void
  /** Replaces the file atomically with `text` and puts the new page in the catalog. */
  replace(text: string): Promise<{ readonly sha256: string; readonly bytes: number }>
}

/**
 * The one write path of the wiki, shared by every operation that changes a page: the path is
 * confined by real path (missing folders are made inside the wiki), the file is locked against
 * this and other processes, re-confined under the lock, compared with what the caller expects,
 * and replaced atomically, so readers see the old file or the new one and never a mix.
 */
export class LockedWriter {
  readonly #catalog: PageCatalog
  readonly #locks: FileLocks
  readonly #beforeRename: ((tempPath: string) => void | Promise<void>) | undefined

  constructor(
    catalog: PageCatalog,
    locks: FileLocks,
    beforeRename: ((tempPath: string) => void | Promise<void>) | undefined,
  ) {
    this.#catalog = catalog
    this.#locks = locks
    this.#beforeRename = beforeRename
  }

  /**
   * Runs `work` with `pagePath` (lexically checked, NFC) locked. `field` names the argument in
   * path errors.
   */
  async withPage<T>(
    pagePath: string,
    work: (page: LockedPage) => Promise<T>,
    field = 'path',
  ): Promise<T> {
    const created: string[] = []
    try {
      // the file that was read: an NFD name on disk (as macOS writes) is the same page
      const diskPath = await onDiskName(this.#catalog.root, pagePath)
      const target = await this.#confineForWrite(field, diskPath, created)
      return await this.#locks.withLock(target, pagePath, async () =>
        work(await this.#open(field, pagePath, diskPath, target)),
      )
    } catch (error) {
      // A refused or failed write leaves no trace: the folders made for it go again (only
      // while empty, so a concurrent writer's new page keeps its folder).
      for (const folder of created.reverse()) await rmdir(folder).catch(() => undefined)
      throw storageError(error, pagePath) ?? error
    }
  }

  /**
   * Runs `work` with every page in `pagePaths` locked at once. Paths are confined and read in
   * parallel; the locks are taken one by one in code-unit order of their real paths, so two
   * multi-page writers never wait on each other in a circle.
   */
  async withPages<T>(
    pagePaths: readonly string[],
    work: (pages: ReadonlyMap<string, LockedPage>) => Promise<T>,
    field = 'path',
  ): Promise<T> {
    const unique = [...new Set(pagePaths)]
    const created: string[] = []
    try {
      const diskPaths = await Promise.all(
        unique.map((pagePath) => onDiskName(this.#catalog.root, pagePath)),
      )
      const targets = await Promise.all(
        diskPaths.map((diskPath) => this.#confineForWrite(field, diskPath, created)),
      )
      const order = [...new Set(targets)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      const lockFrom = async (index: number): Promise<T> => {
        const target = order[index]
        if (target !== undefined) {
          const shown = unique[targets.indexOf(target)] ?? target
          return this.#locks.withLock(target, shown, () => lockFrom(index + 1))
        }
        const pages = await Promise.all(
          unique.map((pagePath, i) =>
            this.#open(field, pagePath, diskPaths[i] ?? pagePath, targets[i] ?? ''),
          ),
        )
        return work(new Map(pages.map((page) => [page.path, page])))
      }
      return await lockFrom(0)
    } catch (error) {
      // folders made concurrently for several pages: remove the deepest first
      created.sort((a, b) => b.length - a.length)
      for (const folder of created) await rmdir(folder).catch(() => undefined)
      throw storageError(error, unique[0] ?? '') ?? error
    }
  }

  /** The page under its lock: confined again, compared with what was locked, read. */
  async #open(
    field: string,
    pagePath: string,
    diskPath: string,
    target: string,
  ): Promise<LockedPage> {
    const again = await confinePath(field, this.#catalog.root, diskPath, true)
    if (again.realPath !== target) {
      throw new WikiSourceError(
        'invalid_path',
        `Invalid ${field} "${pagePath}": it changed during the write.`,
        {
          data: { path: pagePath, reason: 'outside_root' },
        },
      )
    }
    const current = await readIfExists(target)
    const currentSha256 = current ? sha256Hex(current) : null
    return {
      path: pagePath,
      realPath: target,
      current,
      currentSha256,
      assertExpected: (expected) => assertExpected(pagePath, currentSha256, expected),
      replace: async (text) => {
        const bytes = Buffer.from(text, 'utf8')
        await replaceFileAtomically(target, bytes, this.#beforeRename)
        const info = await stat(target)
        this.#catalog.store(parsePage(pagePath, target, text, info))
        return { sha256: sha256Hex(bytes), bytes: bytes.length }
      },
    }
  }

  /** The real path to write, after making the missing folders and checking each stays inside. */
  async #confineForWrite(field: string, pagePath: string, created: string[]): Promise<string> {
    const root = this.#catalog.root
    let confined = await confinePath(field, root, pagePath, true)
    for (const folder of confined.missingFolders) {
      try {
        await mkdir(folder)
        created.push(folder)
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error
      }
      const real = await realpath(folder)
      if (!isInside(root, real) || !(await stat(real)).isDirectory()) {
        throw new WikiSourceError(
          'invalid_path',
          `Invalid ${field} "${pagePath}": a folder on the path leads outside wiki/.`,
          {
            data: { path: pagePath, reason: 'outside_root' },
          },
        )
      }
    }
    if (confined.missingFolders.length > 0)
      confined = await confinePath(field, root, pagePath, true)
    return confined.realPath
  }
}

function assertExpected(
  pagePath: string,
  currentSha: string | null,
  expectedChecksum: string | undefined,
): void {
  if (expectedChecksum === undefined) return
  const matches =
    expectedChecksum === ''
      ? currentSha === null
      : currentSha !== null &&
        (expectedChecksum.length === 64
          ? currentSha === expectedChecksum
          : currentSha.startsWith(expectedChecksum))
  if (matches) return
  throw new WikiSourceError(
    'conflict',
    currentSha === null
      ? `${pagePath} does not exist, but expectedChecksum was given; re-read, merge, retry.`
      : `${pagePath} changed since it was read (sha256 ${currentSha.slice(0, 12)}…); re-read it, merge, retry.`,
    { data: { path: pagePath, currentSha256: currentSha } },
  )
}

async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file)
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined
    throw error
  }
}
