/**
 * Which parameters of a file link MediaWiki shows as page HTML: a framed image's caption (the
 * last parameter that is no image option), or all of a `Media:` link's text. Any other caption
 * becomes a `title` or `alt` attribute, where no heading or list survives.
 */
import { parameterText } from './parameter-text.js'
import type { InternalLink, LinkParameter } from './types.js'

// The frame options: the first one given wins, later ones are caption text.
const formats: ReadonlySet<string> = new Set(['thumbnail', 'thumb', 'frame', 'framed', 'frameless'])
const showsCaption: ReadonlySet<string> = new Set(['thumbnail', 'thumb', 'frame', 'framed'])
// Options without a value (English names; image options are case-sensitive).
const flags: ReadonlySet<string> = new Set([
  'border',
  'left',
  'right',
  'center',
  'centre',
  'none',
  'baseline',
  'sub',
  'super',
  'sup',
  'top',
  'text-top',
  'middle',
  'bottom',
  'text-bottom',
  'upright',
])
const width = /^(\d*)(?:x(\d*))?\s*px$/u
const number = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/u

/** The parameters whose content MediaWiki renders into the page, or none. */
export function shownCaption(link: InternalLink): readonly LinkParameter[] {
  const parameters = link.children.slice(1) as LinkParameter[]
  if (link.kind === 'media') return parameters
  if (link.kind !== 'file') return []
  let format: string | null = null
  let manualThumb = false
  let caption: LinkParameter | null = null
  for (const parameter of parameters) {
    const option = parameterText(parameter)?.trim()
    const kind = option === undefined ? null : optionKind(option)
    if (kind === 'format' && format === null) format = option as string
    else if (kind === 'manualThumb') manualThumb = true
    else if (kind === null || kind === 'format') caption = parameter
  }
  const shown = manualThumb || (format !== null && showsCaption.has(format))
  return shown && caption !== null ? [caption] : []
}

/**
 * What an image option is, or null for caption text: values are one line, and those MediaWiki
 * checks (widths, `upright=`) must be well formed. `page=` and `lang=` count as captions, as they
 * do for the bitmaps most files are.
 */
function optionKind(option: string): 'format' | 'manualThumb' | 'other' | null {
  if (formats.has(option)) return 'format'
  if (flags.has(option)) return 'other'
  if (option.includes('\n')) return null
  const equals = option.indexOf('=')
  if (equals !== -1) {
    const name = option.slice(0, equals)
    const value = option.slice(equals + 1)
    if (name === 'thumb' || name === 'thumbnail') return value === '' ? null : 'manualThumb'
    if (name === 'upright') return number.test(value) ? 'other' : null
    if (name === 'alt' || name === 'class' || name === 'link') return 'other'
  }
  if (option.startsWith('upright ')) return number.test(option.slice(8)) ? 'other' : null
  const size = width.exec(option)
  if (size && (Number(size[1] || 0) > 0 || Number(size[2] || 0) > 0)) return 'other'
  return null
}
