import { readFile } from 'node:fs/promises'
import { WikiSourceError } from '../wiki-source-error.js'
import { onDiskName } from './on-disk-name.js'
import { assertLexicalPath, confinePath } from './path-rules.js'
import { sha256Hex } from './sha256.js'
import type { ChecksumResult } from './types.js'

/**
 * The sha256 of a file in the wiki or in the raw folder: the path is tried as given in each root,
 * then with a leading `raw/` or `wiki/` taken as naming the root.
 */
export async function fileChecksum(
  roots: { readonly wiki: string; readonly raw: string | undefined },
  input: string,
): Promise<ChecksumResult> {
  assertLexicalPath('path', input, false)
  const attempts: { root: 'wiki' | 'raw'; relative: string }[] = [
    { root: 'wiki', relative: input },
    { root: 'raw', relative: input },
  ]
  if (input.startsWith('raw/')) attempts.push({ root: 'raw', relative: input.slice(4) })
  if (input.startsWith('wiki/')) attempts.push({ root: 'wiki', relative: input.slice(5) })
  for (const attempt of attempts) {
    const rootReal = roots[attempt.root]
    if (!rootReal) continue
    // the name on disk may be in another normal form (NFD from macOS) than the one given
    const onDisk = await onDiskName(rootReal, attempt.relative)
    const confined = await confinePath('path', rootReal, onDisk, false)
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
