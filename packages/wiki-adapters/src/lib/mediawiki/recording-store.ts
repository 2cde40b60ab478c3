/**
 * Where recorded API bodies live, by file name (`parse_GRUB.json`). The MediaWiki entry is
 * platform-neutral, so the folder is reached through this interface: an app on Node implements
 * it with `node:fs` over a directory; tests may use {@link createMemoryRecordingStore}.
 */
export interface RecordingStore {
  /** The file's text, or `undefined` when there is no such recording. */
  read(name: string): Promise<string | undefined>
  /** Every file name in the store (used once, to build the revid index). */
  list(): Promise<readonly string[]>
  /** Writes a recording; only needed for recording. */
  write?(name: string, text: string): Promise<void>
  /** A human-readable location for messages, e.g. the directory path. */
  readonly location?: string
}

/** A store held in memory: a `Map` from file name to body. */
export function createMemoryRecordingStore(
  files?: Iterable<readonly [string, string]> | null,
): RecordingStore & { readonly files: Map<string, string> } {
  const map = new Map<string, string>(files ?? [])
  return {
    files: map,
    location: 'memory',
    read: (name) => Promise.resolve(map.get(name)),
    list: () => Promise.resolve([...map.keys()]),
    write: (name, text) => {
      map.set(name, text)
      return Promise.resolve()
    },
  }
}
