/** Replaces every occurrence of `secret` in `text` with `[redacted]`; the last filter on messages. */
export function redact(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join('[redacted]')
}

/** At most `max` characters of server text, for quoting in a message. */
export function quote(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}
