import { WikiSourceError } from '../wiki-source-error.js'

/** File-system failures that say the storage cannot take the write, not that the code is wrong. */
const STORAGE_CODES: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exhausted',
  EFBIG: 'the file is too large for the file system',
  EROFS: 'the file system is read-only',
  EIO: 'the disk reported an input/output error',
}

/**
 * A `storage_error` for a file-system failure the caller can act on (free space, remount), or
 * `undefined` for anything else. The message names the page, never an absolute path.
 */
export function storageError(error: unknown, shownPath: string): WikiSourceError | undefined {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code !== 'string') return undefined
  const reason = STORAGE_CODES[code]
  if (reason === undefined) return undefined
  return new WikiSourceError(
    'storage_error',
    `Could not write ${shownPath}: ${reason} (${code}); nothing was changed. Free space or fix the storage, then retry.`,
    { data: { path: shownPath, errno: code } },
  )
}
