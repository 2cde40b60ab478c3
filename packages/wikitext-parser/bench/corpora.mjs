// The benchmark corpora: the recorded Arch pages, read in place from ../shared/arch-fixtures
// (never copied; GNU FDL 1.3+, Arch Linux Wiki contributors), and a synthetic corpus made here
// from a fixed seed. Shared by parse-throughput.mjs and compare-builds.mjs.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** The recorded Arch pages' wikitext, or undefined when ../shared is not beside the clone. */
export function archCorpus() {
  const dir = process.env.WIKI_SHARED_DIR
    ? join(process.env.WIKI_SHARED_DIR, 'arch-fixtures')
    : resolve(repo, '../shared/arch-fixtures')
  if (!existsSync(dir)) return undefined
  return readdirSync(dir)
    .filter((name) => name.startsWith('parse_') && name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')).parse?.wikitext?.['*'])
    .filter((text) => typeof text === 'string')
}

/**
 * Numbers in [0, 1) from a fixed seed (mulberry32, on 32-bit integers: a multiply-and-mask
 * generator on doubles loses its low bits past 2^53 and repeats within about 16,000 draws).
 */
export function seededRandom(seed) {
  let state = seed | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Deterministic pages with the Arch pages' mix of constructs; every word is made up here. */
export function syntheticCorpus(bytes) {
  const random = seededRandom(0x5eed)
  const pick = (list) => list[Math.floor(random() * list.length)]
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'qu', 'ar', 'en', 'is']
  const word = () =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(syllables)).join('')
  const words = (n) => Array.from({ length: n }, word).join(' ')
  const inline = () => {
    const r = random()
    if (r < 0.12) return `[[${word()} ${word()}|${words(2)}]]`
    if (r < 0.2) return `[[${word()}]]s`
    if (r < 0.28) return `{{ic|${word()} --${word()}}}`
    if (r < 0.32) return `{{Pkg|${word()}}}`
    if (r < 0.36) return `''${words(2)}''`
    if (r < 0.4) return `'''${word()}'''`
    if (r < 0.43) return `[https://${word()}.example/${word()} ${words(2)}]`
    if (r < 0.45) return `<!-- ${words(3)} -->`
    return words(4)
  }
  const paragraph = () => Array.from({ length: 6 + Math.floor(random() * 10) }, inline).join(' ')
  const block = () => {
    const r = random()
    if (r < 0.12) return `== ${words(2)} ==`
    if (r < 0.18) return `=== ${words(3)} ===`
    if (r < 0.3) return `{{bc|# ${word()} ${word()} --${word()}\n$ ${words(3)}}}`
    if (r < 0.36) return `{{hc|/etc/${word()}.conf|2=\n${word()}=${word()}\n[${word()}]\n}}`
    if (r < 0.42) return `{{Note|${paragraph()}}}`
    if (r < 0.55) return Array.from({ length: 3 }, () => `* ${paragraph()}`).join('\n')
    if (r < 0.6) return `# ${paragraph()}\n# ${paragraph()}\n#: ${inline()}`
    if (r < 0.64)
      return `{| class="wikitable"\n! ${word()} !! ${word()}\n|-\n| ${inline()} || ${inline()}\n|}`
    if (r < 0.67) return ` ${words(4)}\n ${words(3)}`
    return paragraph()
  }
  const pages = []
  let total = 0
  while (total < bytes) {
    const parts = []
    let size = 0
    while (size < 20_000) {
      const part = block()
      parts.push(part)
      size += part.length + 2
    }
    const page = parts.join('\n\n') + '\n'
    pages.push(page)
    total += Buffer.byteLength(page)
  }
  return pages
}

/**
 * The lower bound: one `charCodeAt` loop with a 65,536-entry lookup of the characters wikitext
 * markup starts with.
 */
const markup = new Uint8Array(65536)
for (const char of "{}[]<>=\n'|&_~-:;*#") markup[char.charCodeAt(0)] = 1

export function scan(text) {
  let count = 0
  for (let index = 0; index < text.length; index++) count += markup[text.charCodeAt(index)]
  return count
}
