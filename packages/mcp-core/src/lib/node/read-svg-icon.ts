import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { svgIcon, type Icon } from '../core/icons.js'

/**
 * An icon from an SVG file, e.g. `readSvgIcon(new URL('../icon.svg', import.meta.url))` in a
 * server definition: read once at start-up, checked (no script, no external reference, at most
 * 16 KiB) and carried as a `data:` URI, so clients need no request to show it. Throws a
 * `TypeError` naming the file and the fault; a server never starts with a broken icon.
 */
export function readSvgIcon(file: URL | string): Icon {
  const where = `icon ${typeof file === 'string' ? file : fileURLToPath(file)}`
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable'
    throw new TypeError(`${where}: cannot be read (${code})`)
  }
  return svgIcon(text, where)
}
