import { readdirSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { compareCodeUnits } from './links.js'
import { isInside } from './path-rules.js'

/** A non-Markdown file a page embeds or links (`![[attachments/rack.png]]`), found or not. */
export type AttachmentMatch =
  | { readonly status: 'found'; readonly path: string }
  | { readonly status: 'missing' }
  | { readonly status: 'ambiguous'; readonly candidates: readonly string[] }

/** Files walked at most, so a huge tree cannot stall a call. */
const MAX_FILES = 200_000

/**
 * Finds the files that wikilinks with a file extension name, the way Obsidian does: the path from
 * the wiki's root, then from the linking page's folder, then (case-insensitively) the same path
 * anywhere, then a unique file name. Only regular files whose real path is inside the wiki count.
 * One lookup serves one call: the folder listing it may build is never reused later, so it cannot
 * go stale.
 */
export class AttachmentLookup {
  readonly #root: string
  #byLowerPath: Map<string, string[]> | undefined
  #byLowerName: Map<string, string[]> | undefined

  constructor(root: string) {
    this.#root = root
  }

  find(target: string, fromFolder: string): AttachmentMatch {
    const clean = target.normalize('NFC').replace(/^\/+/, '')
    const direct = clean.startsWith('./') || clean.startsWith('../') ? [] : [clean]
    if (fromFolder !== '' && fromFolder !== '.') direct.push(`${fromFolder}/${clean}`)
    for (const candidate of direct) {
      const relative = path.posix.normalize(candidate)
      if (relative.startsWith('../') || relative === '..') continue
      if (this.#isFileInside(relative)) return { status: 'found', path: relative }
    }
    this.#index()
    const lower = path.posix.normalize(clean).toLowerCase()
    const byPath = this.#byLowerPath?.get(lower) ?? []
    if (byPath.length > 0) return pick(byPath)
    if (lower.includes('/')) {
      const suffix = `/${lower}`
      const tails = [...(this.#byLowerPath?.entries() ?? [])]
        .filter(([key]) => key.endsWith(suffix))
        .flatMap(([, paths]) => paths)
      return pick(tails)
    }
    return pick(this.#byLowerName?.get(lower) ?? [])
  }

  #isFileInside(relative: string): boolean {
    try {
      const real = realpathSync(path.join(this.#root, relative))
      return isInside(this.#root, real) && statSync(real).isFile()
    } catch {
      return false
    }
  }

  /** Lists the wiki's files once: dot names, `.lock` folders and symlinked folders are skipped. */
  #index(): void {
    if (this.#byLowerPath) return
    this.#byLowerPath = new Map()
    this.#byLowerName = new Map()
    let count = 0
    const queue = ['']
    while (queue.length > 0 && count < MAX_FILES) {
      const folder = queue.shift() ?? ''
      let entries
      try {
        entries = readdirSync(path.join(this.#root, folder), { withFileTypes: true })
      } catch {
        continue
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue
        const relative = (folder === '' ? entry.name : `${folder}/${entry.name}`).normalize('NFC')
        if (entry.isDirectory()) {
          if (!entry.name.toLowerCase().endsWith('.lock')) queue.push(relative)
        } else if (entry.isFile() || (entry.isSymbolicLink() && this.#isFileInside(relative))) {
          count += 1
          add(this.#byLowerPath, relative.toLowerCase(), relative)
          add(this.#byLowerName, entry.name.normalize('NFC').toLowerCase(), relative)
        }
      }
    }
  }
}

function pick(paths: readonly string[]): AttachmentMatch {
  if (paths.length === 0) return { status: 'missing' }
  if (paths.length === 1 && paths[0] !== undefined) return { status: 'found', path: paths[0] }
  return { status: 'ambiguous', candidates: [...paths].sort(compareCodeUnits) }
}

function add(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** A wikilink target naming a file other than a page: a short extension that is not `.md`. */
export function looksLikeAttachment(target: string): boolean {
  return /\.[A-Za-z0-9]{1,8}$/.test(target) && !/\.md$/i.test(target)
}
