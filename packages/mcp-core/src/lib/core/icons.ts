/**
 * An image a client may show beside the server or a tool (2025-11-25 and later). `src` is an
 * `https:` URL or a base64 `data:` URI; clients refuse every other scheme.
 */
export interface Icon {
  readonly src: string
  /** `image/png`, `image/svg+xml`, …; for a `data:` URI it must name the URI's own type. */
  readonly mimeType?: string
  /** `"48x48"`-style sizes, or `"any"` for a scalable image. */
  readonly sizes?: readonly string[]
  /** The background the icon is drawn for. */
  readonly theme?: 'light' | 'dark'
}

/** Icons per server or tool; every listing repeats them, so a handful is plenty. */
const MAX_ICONS = 8
/** A `src` longer than this would swell every listing that carries it. */
const MAX_SRC_CHARS = 32 * 1024
/** The SVG text an icon may hold before encoding. */
const MAX_SVG_BYTES = 16 * 1024
const KEYS = new Set(['src', 'mimeType', 'sizes', 'theme'])
const MIME = /^image\/[a-z0-9][a-z0-9.+-]*$/
const DATA_URI = /^data:(image\/[a-z0-9][a-z0-9.+-]*);base64,([A-Za-z0-9+/]+={0,2})$/
const SIZE = /^(any|[1-9][0-9]{0,4}x[1-9][0-9]{0,4})$/

const encoder = new TextEncoder()
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Checks a server's or tool's `icons` and returns frozen copies, pushing one problem per fault
 * (naming the icon, the field and what was expected); `undefined` when there are none to serve.
 */
export function checkIcons(
  icons: unknown,
  where: string,
  problems: string[],
): readonly Icon[] | undefined {
  if (icons === undefined) return undefined
  if (!Array.isArray(icons)) {
    problems.push(`${where}: icons must be an array of { src, mimeType?, sizes?, theme? }`)
    return undefined
  }
  if (icons.length > MAX_ICONS) {
    problems.push(`${where}: ${icons.length} icons, at most ${MAX_ICONS} allowed`)
    return undefined
  }
  const before = problems.length
  const checked = icons.map((icon: unknown, index) =>
    checkIcon(icon, `${where}: icons[${index}]`, problems),
  )
  if (problems.length > before) return undefined
  return checked.length === 0 ? undefined : Object.freeze(checked as Icon[])
}

function checkIcon(icon: unknown, where: string, problems: string[]): Icon | undefined {
  if (typeof icon !== 'object' || icon === null || Array.isArray(icon)) {
    problems.push(`${where}: must be an object { src, mimeType?, sizes?, theme? }`)
    return undefined
  }
  const fields = icon as Record<string, unknown>
  for (const key of Object.keys(fields)) {
    if (!KEYS.has(key))
      problems.push(
        `${where}: unknown key ${JSON.stringify(key)}; an icon has src, mimeType, sizes and theme`,
      )
  }
  const { src, mimeType, sizes, theme } = fields
  const dataType = checkSrc(src, where, problems)
  if (mimeType !== undefined) {
    if (typeof mimeType !== 'string' || !MIME.test(mimeType)) {
      problems.push(
        `${where}: mimeType ${JSON.stringify(mimeType)} must be an image type such as "image/png"`,
      )
    } else if (dataType !== undefined && mimeType !== dataType) {
      problems.push(
        `${where}: mimeType ${JSON.stringify(mimeType)} contradicts the data: URI's ${JSON.stringify(dataType)}`,
      )
    }
  }
  if (
    sizes !== undefined &&
    (!Array.isArray(sizes) ||
      sizes.length === 0 ||
      !sizes.every((size) => typeof size === 'string' && SIZE.test(size)))
  ) {
    problems.push(
      `${where}: sizes ${JSON.stringify(sizes)} must be a non-empty array of "WxH" or "any"`,
    )
  }
  if (theme !== undefined && theme !== 'light' && theme !== 'dark') {
    problems.push(`${where}: theme ${JSON.stringify(theme)} must be "light" or "dark"`)
  }
  return Object.freeze({
    src: src as string,
    ...(mimeType === undefined ? {} : { mimeType: mimeType as string }),
    ...(sizes === undefined ? {} : { sizes: Object.freeze([...(sizes as string[])]) }),
    ...(theme === undefined ? {} : { theme: theme as 'light' | 'dark' }),
  })
}

/** Checks `src`; returns the media type of a valid `data:` URI. */
function checkSrc(src: unknown, where: string, problems: string[]): string | undefined {
  if (typeof src !== 'string' || src === '') {
    problems.push(`${where}: src must be an https: URL or a base64 data: URI`)
    return undefined
  }
  if (src.length > MAX_SRC_CHARS) {
    problems.push(`${where}: src is ${src.length} characters, at most ${MAX_SRC_CHARS} allowed`)
    return undefined
  }
  if (src.startsWith('data:')) {
    const match = DATA_URI.exec(src)
    const bytes = match ? decodeBase64(match[2]!) : undefined
    if (!match || !bytes) {
      problems.push(
        `${where}: src ${JSON.stringify(src.slice(0, 40))}… must be data:image/<type>;base64,<base64>`,
      )
      return undefined
    }
    const type = match[1]!
    if (type === 'image/svg+xml') {
      const text = decodeUtf8(bytes)
      const fault = text === undefined ? 'is not UTF-8' : svgFault(text)
      if (fault !== undefined) problems.push(`${where}: the SVG in src ${fault}`)
    }
    return type
  }
  let url: URL
  try {
    url = new URL(src)
  } catch {
    problems.push(
      `${where}: src ${JSON.stringify(src.slice(0, 100))} is neither an https: URL nor a data: URI`,
    )
    return undefined
  }
  if (url.protocol !== 'https:') {
    problems.push(
      `${where}: src scheme ${JSON.stringify(url.protocol)} is refused by clients; use https: or data:`,
    )
  } else if (url.username !== '' || url.password !== '') {
    problems.push(`${where}: src must not carry credentials`)
  }
  return undefined
}

/**
 * A scalable icon from SVG text: checked like every served SVG, then carried as a base64 `data:`
 * URI so clients need no request to show it. Throws a `TypeError` naming the fault.
 */
export function svgIcon(svg: string, where = 'icon'): Icon {
  const bytes = encoder.encode(svg)
  if (bytes.length > MAX_SVG_BYTES) {
    throw new TypeError(
      `${where}: the SVG is ${bytes.length} bytes, at most ${MAX_SVG_BYTES} allowed`,
    )
  }
  const fault = svgFault(svg)
  if (fault !== undefined) throw new TypeError(`${where}: the SVG ${fault}`)
  return Object.freeze({
    src: `data:image/svg+xml;base64,${encodeBase64(bytes)}`,
    mimeType: 'image/svg+xml',
    sizes: Object.freeze(['any']),
  })
}

/**
 * Why an SVG must not be served, or `undefined`. An SVG can run script and fetch other resources
 * when a client renders it, so ours may hold neither: no script element, event attribute,
 * `javascript:` URL, foreign object or external reference.
 */
function svgFault(svg: string): string | undefined {
  if (!/<svg[\s>]/.test(svg)) return 'has no <svg> element'
  if (/<script[\s>/]/i.test(svg)) return 'holds a <script> element'
  if (/<foreignObject[\s>/]/i.test(svg)) return 'holds a <foreignObject> element'
  if (/\son[a-z]+\s*=/i.test(svg)) return 'holds an event handler attribute (on…=)'
  if (/javascript:/i.test(svg)) return 'holds a javascript: URL'
  if (/(?:href|src)\s*=\s*["']\s*(?!#)/i.test(svg))
    return 'references an external resource (only #fragment links are allowed)'
  return undefined
}

function decodeBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0) return undefined
  try {
    const binary = atob(text)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return undefined
  }
}

function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return undefined
  }
}
