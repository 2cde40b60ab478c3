import { lstat, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { WikiSourceError } from '../wiki-source-error.js'

/** Why a path was refused; passed to callers as `reason`. */
export type PathRefusal =
  | 'empty'
  | 'too_long'
  | 'absolute'
  | 'backslash'
  | 'encoded'
  | 'control_char'
  | 'dot_segment'
  | 'hidden'
  | 'reserved'
  | 'not_markdown'
  | 'outside_root'
  | 'is_directory'
  | 'not_regular_file'
  | 'not_directory'

const MAX_PATH = 1024
const MAX_SEGMENT_BYTES = 255
const encoder = new TextEncoder()

/** The purely lexical rules: no disk access. Returns the reason or undefined. */
export function lexicalPathRefusal(
  value: string,
  markdownOnly: boolean,
): { reason: PathRefusal; detail: string } | undefined {
  if (value.length === 0) return { reason: 'empty', detail: 'the path is empty' }
  if (value.length > MAX_PATH)
    return { reason: 'too_long', detail: `longer than ${MAX_PATH} characters` }
  if (/^[\\/]/.test(value) || /^[A-Za-z]:/.test(value))
    return { reason: 'absolute', detail: 'absolute paths, drive prefixes and UNC are refused' }
  if (value.includes('\\')) return { reason: 'backslash', detail: 'use / as the separator' }
  if (/%[0-9A-Fa-f]{2}/.test(value))
    return { reason: 'encoded', detail: 'percent-encoded characters are refused' }
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value))
    return { reason: 'control_char', detail: 'NUL and control characters are refused' }
  const segments = value.split('/')
  for (const [i, segment] of segments.entries()) {
    if (segment === '' || segment === '.' || segment === '..')
      return { reason: 'dot_segment', detail: 'empty, "." and ".." segments are refused' }
    if (encoder.encode(segment).length > MAX_SEGMENT_BYTES)
      return { reason: 'too_long', detail: `a segment is longer than ${MAX_SEGMENT_BYTES} bytes` }
    if (segment.startsWith('.'))
      return { reason: 'hidden', detail: `segment "${segment}" is hidden` }
    if (i < segments.length - 1 && segment.toLowerCase().endsWith('.lock'))
      return { reason: 'reserved', detail: 'folders ending in .lock are reserved for locks' }
  }
  if (markdownOnly && !/\.md$/i.test(value))
    return { reason: 'not_markdown', detail: 'only .md files can be written' }
  return undefined
}

export function invalidPath(
  where: string,
  value: string,
  reason: PathRefusal,
  detail: string,
): WikiSourceError {
  return new WikiSourceError('invalid_path', `Invalid ${where} "${shorten(value)}": ${detail}.`, {
    data: { path: shorten(value), reason },
  })
}

function shorten(value: string): string {
  const printable = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD')
  return printable.length > 200 ? `${printable.slice(0, 200)}…` : printable
}

export function assertLexicalPath(where: string, value: string, markdownOnly: boolean): void {
  const refusal = lexicalPathRefusal(value, markdownOnly)
  if (refusal) throw invalidPath(where, value, refusal.reason, refusal.detail)
}

export function isInside(root: string, candidate: string): boolean {
  return (
    candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep)
  )
}

/** Where a confined path lands on disk. */
export interface ConfinedPath {
  /** Real path of the target when it exists, else the path below the deepest real ancestor. */
  readonly realPath: string
  /** Relative (`/`-separated) real path from the root. */
  readonly realRelative: string
  readonly exists: boolean
  /** Folders that would have to be created, outermost first (absolute). */
  readonly missingFolders: readonly string[]
}

/**
 * Resolves `relative` under `rootReal` following symlinks, refusing anything whose deepest existing
 * ancestor leaves the root, a folder target, a special file or a path through a file.
 * Touches nothing on disk.
 */
export async function confinePath(
  where: string,
  rootReal: string,
  relative: string,
  markdownOnly: boolean,
): Promise<ConfinedPath> {
  const segments = relative.split('/')
  let current = rootReal
  for (const [i, segment] of segments.entries()) {
    const next = path.join(current, segment)
    const last = i === segments.length - 1
    let info
    try {
      info = await lstat(next)
    } catch (error) {
      if (isCode(error, 'ENOENT')) {
        const rest = segments.slice(i)
        const missingFolders: string[] = []
        let folder = current
        for (const part of rest.slice(0, -1)) {
          folder = path.join(folder, part)
          missingFolders.push(folder)
        }
        const realPath = path.join(current, ...rest)
        return {
          realPath,
          realRelative: toRelative(rootReal, realPath),
          exists: false,
          missingFolders,
        }
      }
      if (isCode(error, 'ENOTDIR'))
        throw invalidPath(where, relative, 'not_directory', 'a parent is a file')
      throw error
    }
    let real = next
    if (info.isSymbolicLink()) {
      try {
        real = await realpath(next)
      } catch {
        throw invalidPath(where, relative, 'outside_root', 'a symlink on the path is dangling')
      }
    }
    if (!isInside(rootReal, real))
      throw invalidPath(where, relative, 'outside_root', 'the path leads outside its root')
    const realRelative = toRelative(rootReal, real)
    if (realRelative !== '') {
      const refusal = lexicalPathRefusal(realRelative, false)
      if (refusal)
        throw invalidPath(
          where,
          relative,
          'outside_root',
          `its real path is refused (${refusal.reason})`,
        )
    }
    const target = info.isSymbolicLink() ? await stat(real) : info
    if (!last) {
      if (!target.isDirectory())
        throw invalidPath(
          where,
          relative,
          'not_directory',
          `"${segments.slice(0, i + 1).join('/')}" is not a folder`,
        )
      current = real
      continue
    }
    if (target.isDirectory())
      throw invalidPath(where, relative, 'is_directory', 'the target is a folder')
    if (!target.isFile())
      throw invalidPath(where, relative, 'not_regular_file', 'the target is not a regular file')
    if (markdownOnly && !/\.md$/i.test(real))
      throw invalidPath(where, relative, 'not_markdown', 'the link target is not a .md file')
    return { realPath: real, realRelative, exists: true, missingFolders: [] }
  }
  // unreachable: the loop returns on the last segment
  throw invalidPath(where, relative, 'empty', 'the path is empty')
}

export function toRelative(rootReal: string, absolute: string): string {
  return path.relative(rootReal, absolute).split(path.sep).join('/')
}

export function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code
}
