// The recordings folder of ARCH_WIKI_OFFLINE and of the record script, on node:fs. The adapter is
// platform-neutral and reaches files only through this RecordingStore.
import { mkdirSync, readdirSync, statSync } from 'node:fs'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { RecordingStore } from '@wiki/wiki-adapters/mediawiki'

/** Opens a recordings folder; throws when it is missing and `create` is not set. */
export function createDirectoryStore(dir: string, options?: { create?: boolean }): RecordingStore {
  if (options?.create) mkdirSync(dir, { recursive: true })
  // A missing or unreadable folder is a start-up error, never a stream of "missing recording".
  if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`)
  readdirSync(dir)
  return {
    location: dir,
    async read(name) {
      try {
        return await readFile(join(dir, name), 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    list: () => readdir(dir),
    write: (name, text) => writeFile(join(dir, name), text),
  }
}
