/**
 * A message built by a `Redactor`: safe to show, so another message may quote it as it is.
 */
export class SafeText {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
  toString(): string {
    return this.text
  }
}

/** Outside text to quote, cut to `max` characters once the key is out of it. */
class Clipped {
  readonly text: string
  readonly max: number
  constructor(text: string, max: number) {
    this.text = text
    this.max = max
  }
}

/** Marks outside text (a server's words, an error's message) to be quoted flat and short. */
export function clip(text: string, max = 200): Clipped {
  return new Clipped(text, max)
}

/** Builds a message: `say\`${where}: HTTP 400: ${clip(serverError)}\``. */
export type Redactor = (strings: TemplateStringsArray, ...values: unknown[]) => SafeText

const MARK = '[redacted]'

/**
 * The one way the AhaWiki client writes a message. The template's own words are ours and never
 * change, so a short key cannot mangle them (a key `k` leaves `network failure` alone). Every
 * interpolated string is outside text (the wiki's words, a caller's page name, an error's
 * message): the key is replaced in all of it first, and only then is a `clip` cut, so a key
 * straddling the cut cannot survive in part. Numbers (statuses, counts, times) and `SafeText`
 * (messages already built here) go in as they are. Last, an occurrence of the key that the
 * joined text forms across the edge of an outside piece is replaced too.
 */
export function createRedactor(secret: string): Redactor {
  return (strings, ...values) => {
    let text = ''
    const outside: [number, number][] = []
    strings.forEach((literal, i) => {
      text += literal
      if (i >= values.length) return
      const value = values[i]
      let piece: string
      if (value instanceof SafeText) piece = value.text
      else if (typeof value === 'number') piece = String(value)
      else if (value instanceof Clipped) piece = cut(redact(value.text, secret), value.max)
      else piece = redact(String(value), secret)
      if (!(value instanceof SafeText) && typeof value !== 'number') {
        outside.push([text.length, text.length + piece.length])
      }
      text += piece
    })
    return new SafeText(redactAcross(text, secret, outside))
  }
}

/** Every occurrence of `secret` in `text` replaced; for outside text only. */
function redact(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join(MARK)
}

/** Whitespace runs flattened to one space, then at most `max` characters. */
function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}

/** Occurrences of `secret` across an outside piece's edge, replaced; those in our words kept. */
function redactAcross(text: string, secret: string, outside: readonly [number, number][]): string {
  if (secret === '' || outside.length === 0) return text
  let out = ''
  let from = 0
  for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
    if (at < from) continue
    const end = at + secret.length
    // Inside one piece the key was already replaced; what is left there is our mark's letters.
    const crosses = outside.some(
      ([start, stop]) => at < stop && end > start && (at < start || end > stop),
    )
    if (crosses) {
      out += text.slice(from, at) + MARK
      from = end
    }
  }
  return out + text.slice(from)
}
