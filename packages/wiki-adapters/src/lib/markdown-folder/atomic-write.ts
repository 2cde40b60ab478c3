import { randomBytes } from 'node:crypto'
import { open, realpath, rename, stat, unlink, chown } from 'node:fs/promises'
import path from 'node:path'
import { WikiSourceError } from '../wiki-source-error.js'

/** Matches the temp files this module creates: `.<basename>.<16 hex>.tmp`. */
export const TEMP_FILE: RegExp = /^\..+\.[0-9a-f]{16}\.tmp$/

/**
 * Replaces `target` with `bytes` so readers see the old or the new file, never part of one:
 * exclusive temp file beside it, write, fsync, re-check the folder, rename, fsync the folder.
 */
export async function replaceFileAtomically(
  target: string,
  bytes: Uint8Array,
  beforeRename?: (tempPath: string) => void | Promise<void>,
): Promise<void> {
  const folder = path.dirname(target)
  const folderReal = await realpath(folder)
  const temp = await writeTempFile(target, bytes)
  let renamed = false
  try {
    if (beforeRename) await beforeRename(temp)
    if ((await realpath(folder)) !== folderReal) {
      throw new WikiSourceError(
        'invalid_path',
        'The target folder moved during the write; nothing was changed.',
        {
          data: { reason: 'outside_root' },
        },
      )
    }
    await rename(temp, target)
    renamed = true
    await fsyncFolder(folder)
  } finally {
    if (!renamed) await unlink(temp).catch(() => undefined)
  }
}

/**
 * Writes `bytes` to a new temp file beside `target` (same mode and owner as `target` when it
 * exists), fsynced, and returns its path; nothing is left behind when this fails. Renaming it
 * onto `target` is the caller's step.
 */
export async function writeTempFile(target: string, bytes: Uint8Array): Promise<string> {
  const folder = path.dirname(target)
  let previous: { mode: number; uid: number; gid: number } | undefined
  try {
    const info = await stat(target)
    previous = { mode: info.mode & 0o7777, uid: info.uid, gid: info.gid }
  } catch {
    previous = undefined
  }
  const temp = path.join(folder, `.${path.basename(target)}.${randomBytes(8).toString('hex')}.tmp`)
  const handle = await open(temp, 'wx', previous?.mode ?? 0o666)
  try {
    try {
      if (previous) {
        await handle.chmod(previous.mode)
        await chown(temp, previous.uid, previous.gid).catch(() => undefined)
      }
      await handle.writeFile(bytes)
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  return temp
}

/** Makes renames and removals in `folder` durable (best effort). */
export async function fsyncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // best effort: some filesystems refuse fsync on folders
  }
}
