import { closeSync, openSync, readSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { splitFrontmatter } from './frontmatter.js'
import {
  type FrontmatterSchema,
  type PresetName,
  frontmatterPresets,
} from './frontmatter-schema.js'

/** The schema `auto` chose for a folder, and the reason to print at start-up. */
export interface SchemaDetection {
  readonly name: PresetName
  readonly schema: FrontmatterSchema
  readonly reason: string
}

/** The pages an LLM wiki keeps at its root and reads by name. */
const SERVICE_PAGES = ['index.md', 'log.md', 'sources.md', 'overview.md']
/** Pages read to decide: enough for a clear majority, few enough to start fast on a big wiki. */
const SAMPLE = 400
/** Bytes read per page: a frontmatter block is near the top. */
const HEAD_BYTES = 16 * 1024

/**
 * Chooses between the LLM-wiki presets (`it`, `en`) and `notes` by looking at the folder: a preset
 * when most sampled pages carry its fields (three of its type, sources, date and status keys), or
 * when the folder has the LLM wiki's service pages (`log.md` or `sources.md` beside another one);
 * `notes` otherwise. Synchronous: it runs once, before the server starts.
 */
export function detectFrontmatterSchema(wikiPath: string): SchemaDetection {
  const root = path.resolve(wikiPath)
  const services = rootFiles(root).filter((name) => SERVICE_PAGES.includes(name))
  const files = samplePages(root).filter((relative) => !SERVICE_PAGES.includes(relative))
  const carriers = { it: 0, en: 0 }
  for (const relative of files) {
    const frontmatter = splitFrontmatter(readHead(path.join(root, relative))).frontmatter
    for (const name of ['it', 'en'] as const) {
      const keys = distinctiveKeys(name)
      if (keys.filter((key) => key in frontmatter).length >= 3) carriers[name] += 1
    }
  }
  const best = carriers.en > carriers.it ? 'en' : 'it'
  const fields = `(${distinctiveKeys(best).join(', ')})`
  if (files.length > 0 && carriers[best] * 2 > files.length) {
    return pick(
      best,
      `${carriers[best]} of ${files.length} sampled pages carry its fields ${fields}`,
    )
  }
  if (services.length >= 2 && (services.includes('log.md') || services.includes('sources.md'))) {
    return pick(
      best,
      `LLM-wiki service pages ${services.join(', ')}; ${carriers[best]} of ${files.length} sampled pages carry its fields ${fields}`,
    )
  }
  return pick(
    'notes',
    `${services.length === 0 ? 'no LLM-wiki service pages' : `only ${services.join(', ')} of the LLM-wiki service pages`}; ${Math.max(carriers.it, carriers.en)} of ${files.length} sampled pages carry the it or en fields`,
  )
}

function pick(name: PresetName, reason: string): SchemaDetection {
  return { name, schema: frontmatterPresets[name], reason }
}

/** The keys that tell a preset's pages apart: every field but `tags`, which notes use too. */
function distinctiveKeys(name: 'it' | 'en'): string[] {
  return frontmatterPresets[name].fields.filter((f) => f.role !== 'tags').map((f) => f.key)
}

/** Up to {@link SAMPLE} `.md` paths, breadth first, skipping dot names and never following links. */
function samplePages(root: string): string[] {
  const found: string[] = []
  const queue = ['']
  while (queue.length > 0 && found.length < SAMPLE) {
    const folder = queue.shift() ?? ''
    let entries
    try {
      entries = readdirSync(path.join(root, folder), { withFileTypes: true })
    } catch {
      continue
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`
      if (entry.isDirectory()) queue.push(relative)
      else if (entry.isFile() && /\.md$/i.test(entry.name) && found.length < SAMPLE)
        found.push(relative)
    }
  }
  return found
}

function rootFiles(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort()
  } catch {
    return []
  }
}

function readHead(file: string): string {
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    const buffer = Buffer.alloc(HEAD_BYTES)
    const length = readSync(fd, buffer, 0, HEAD_BYTES, 0)
    return buffer.subarray(0, length).toString('utf8')
  } catch {
    return ''
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
