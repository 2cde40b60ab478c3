import { type FSWatcher, watch } from 'node:fs'
import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'

/** A live watch over a folder tree that reports changed paths relative to its root. */
export interface FolderWatcher {
  close(): void
}

/**
 * Watches `root` recursively. macOS and Windows have native recursive watches; on Linux, Node 20's
 * recursive mode adds a polling stat watcher per file (thousands of timers for a large wiki), so
 * each folder gets its own inotify watch instead and new folders are added as they appear.
 * `onChange(null)` means "events may have been lost: sweep".
 */
export async function watchFolderTree(
  root: string,
  onChange: (relative: string | null) => void,
): Promise<FolderWatcher> {
  if (process.platform !== 'linux') {
    const watcher = watch(root, { recursive: true, persistent: false }, (_event, filename) => {
      onChange(filename === null ? null : filename.toString().split(path.sep).join('/'))
    })
    watcher.on('error', () => onChange(null))
    return { close: () => watcher.close() }
  }
  const watchers = new Map<string, FSWatcher>()
  let closed = false
  const add = async (folder: string): Promise<void> => {
    if (closed || watchers.has(folder)) return
    const relativeFolder = path.relative(root, folder).split(path.sep).join('/')
    let watcher: FSWatcher
    try {
      watcher = watch(folder, { persistent: false }, (_event, filename) => {
        if (filename === null) {
          onChange(null)
          return
        }
        const name = filename.toString()
        const relative = relativeFolder === '' ? name : `${relativeFolder}/${name}`
        onChange(relative)
        if (!name.startsWith('.') && !name.toLowerCase().endsWith('.lock')) {
          // a new folder needs its own watch (and its subfolders, if it arrived populated)
          void lstat(path.join(folder, name)).then(
            (info) => (info.isDirectory() ? add(path.join(folder, name)) : undefined),
            () => undefined,
          )
        }
      })
    } catch {
      return
    }
    watcher.on('error', () => {
      // the folder went away: its parent's watch reports that
      watcher.close()
      watchers.delete(folder)
    })
    watchers.set(folder, watcher)
    let entries
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch {
      return
    }
    await Promise.all(
      entries
        .filter(
          (e) =>
            e.isDirectory() && !e.name.startsWith('.') && !e.name.toLowerCase().endsWith('.lock'),
        )
        .map((e) => add(path.join(folder, e.name))),
    )
  }
  await add(root)
  return {
    close: () => {
      closed = true
      for (const watcher of watchers.values()) watcher.close()
      watchers.clear()
    },
  }
}
