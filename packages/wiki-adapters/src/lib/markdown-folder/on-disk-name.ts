import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'

/**
 * The name a page path has on disk. Paths are compared in NFC, but a file may be named in NFD (as
 * macOS writes `café.md`): each segment missing as given is matched against its folder's entries
 * normalised, so a write replaces the file that was read instead of creating an NFC twin beside
 * it. Segments with no match (a new file or folder) are kept as given.
 */
export async function onDiskName(rootReal: string, relative: string): Promise<string> {
  if (!/[^\u0000-\u007f]/.test(relative)) return relative
  const out: string[] = []
  for (const segment of relative.split('/')) {
    const folder = path.join(rootReal, ...out)
    out.push(await matchingEntry(folder, segment))
  }
  return out.join('/')
}

async function matchingEntry(folder: string, segment: string): Promise<string> {
  try {
    await lstat(path.join(folder, segment))
    return segment
  } catch {
    // missing as given: look for the same name in another normal form
  }
  const wanted = segment.normalize('NFC')
  try {
    const names = await readdir(folder)
    return names.find((name) => name !== segment && name.normalize('NFC') === wanted) ?? segment
  } catch {
    return segment
  }
}
