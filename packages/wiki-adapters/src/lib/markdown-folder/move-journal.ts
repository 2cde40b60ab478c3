import { lstat, readFile, rename, unlink } from 'node:fs/promises'
import path from 'node:path'
import { TEMP_FILE, fsyncFolder, replaceFileAtomically } from './atomic-write.js'
import type { FileLocks } from './file-lock.js'
import { confinePath, isCode, lexicalPathRefusal } from './path-rules.js'

/**
 * The redo journal of a multi-file move, in the wiki root (a dot name: never a page, never
 * writable through the tools). It is written only once every new file sits fsynced in a temp
 * file beside its target, so its presence is the commit point: without it the old files are
 * untouched, with it every rename is redone, at once or at the next start.
 */
export const MOVE_JOURNAL = '.wiki-mcp-move.json'

export interface MoveJournal {
  readonly version: 1
  /** Relative to the wiki: each temp file and the page it becomes. */
  readonly renames: readonly { readonly temp: string; readonly target: string }[]
  /** Relative to the wiki: the page's old path, removed after the renames. */
  readonly remove: string
}

export async function writeJournal(root: string, journal: MoveJournal): Promise<void> {
  await replaceFileAtomically(
    path.join(root, MOVE_JOURNAL),
    Buffer.from(`${JSON.stringify(journal)}\n`, 'utf8'),
  )
}

/**
 * Redoes a committed move: each temp file still present is renamed onto its target, the old
 * path removed, the folders synced, then the journal removed. Safe to run again after a crash
 * at any point of it. The renames are independent once the journal commits them all, so they
 * run in parallel, as do the folder syncs; every one has settled before this returns or throws.
 */
export async function completeJournal(
  root: string,
  journal: MoveJournal,
  beforeRename?: (tempPath: string) => void | Promise<void>,
): Promise<void> {
  const folders = new Set<string>()
  await settleAll(
    journal.renames.map(async ({ temp, target }) => {
      const tempPath = path.join(root, temp)
      if (!(await isRegularFile(tempPath))) return
      if (beforeRename) await beforeRename(tempPath)
      await rename(tempPath, path.join(root, target))
      folders.add(path.dirname(tempPath))
    }),
  )
  if (!journal.renames.some((entry) => entry.target === journal.remove)) {
    try {
      await unlink(path.join(root, journal.remove))
    } catch (error) {
      if (!isCode(error, 'ENOENT')) throw error
    }
    folders.add(path.dirname(path.join(root, journal.remove)))
  }
  await Promise.all([...folders].map((folder) => fsyncFolder(folder)))
  await unlink(path.join(root, MOVE_JOURNAL))
  await fsyncFolder(root)
}

/** Waits for every promise, then throws the first failure, so nothing is still running after. */
async function settleAll(work: readonly Promise<void>[]): Promise<void> {
  const outcomes = await Promise.allSettled(work)
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason
}

/**
 * At start-up, before the pages are read: finishes a move that a crash interrupted after its
 * commit point. A journal that does not hold to the rules (paths inside the wiki, temp files
 * beside their targets, named as this adapter names them) is left alone and changes nothing.
 */
export async function recoverMove(root: string, locks: FileLocks): Promise<boolean> {
  const journalPath = path.join(root, MOVE_JOURNAL)
  if (!(await isRegularFile(journalPath))) return false
  return locks.withLock(journalPath, MOVE_JOURNAL, async () => {
    let journal: MoveJournal | undefined
    try {
      journal = await validJournal(root, JSON.parse(await readFile(journalPath, 'utf8')))
    } catch {
      journal = undefined
    }
    if (!journal) return false
    await completeJournal(root, journal)
    return true
  })
}

async function validJournal(root: string, value: unknown): Promise<MoveJournal | undefined> {
  if (typeof value !== 'object' || value === null) return undefined
  const { version, renames, remove } = value as Record<string, unknown>
  if (version !== 1 || !Array.isArray(renames) || typeof remove !== 'string') return undefined
  if (!(await insidePage(root, remove))) return undefined
  const checked: { temp: string; target: string }[] = []
  for (const entry of renames as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return undefined
    const { temp, target } = entry as Record<string, unknown>
    if (typeof temp !== 'string' || typeof target !== 'string') return undefined
    if (!(await insidePage(root, target))) return undefined
    const name = path.posix.basename(temp)
    if (
      path.posix.dirname(temp) !== path.posix.dirname(target) ||
      !TEMP_FILE.test(name) ||
      !name.startsWith(`.${path.posix.basename(target)}.`)
    )
      return undefined
    checked.push({ temp, target })
  }
  return { version: 1, renames: checked, remove }
}

/** A page path that is lexically valid and whose folders are real folders inside the wiki. */
async function insidePage(root: string, relative: string): Promise<boolean> {
  if (lexicalPathRefusal(relative, true)) return false
  try {
    const confined = await confinePath('path', root, relative, true)
    return confined.realPath === path.join(root, relative)
  } catch {
    return false
  }
}

async function isRegularFile(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isFile()
  } catch {
    return false
  }
}
