const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a bind address only accepts local connections. */
export function isLoopbackAddress(host: string): boolean {
  const name = host.toLowerCase()
  return (
    name === 'localhost' || name === '::1' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name)
  )
}

/** The name part of a `Host` header: `[::1]:3000` → `[::1]`, `Example.com:80` → `example.com`. */
export function hostName(host: string): string {
  const lower = host.trim().toLowerCase()
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']')
    return end === -1 ? lower : lower.slice(0, end + 1)
  }
  const colon = lower.indexOf(':')
  return colon === -1 ? lower : lower.slice(0, colon)
}

/** DNS-rebinding protection by `Host`. */
export function hostAllowed(
  host: string,
  loopback: boolean,
  allowedHosts: ReadonlySet<string> | undefined,
): boolean {
  const name = hostName(host)
  if (allowedHosts && (allowedHosts.has(name) || allowedHosts.has(host.trim().toLowerCase())))
    return true
  if (loopback) return LOOPBACK_NAMES.has(name)
  return allowedHosts === undefined
}

/** `Origin`: `null` and unparseable origins are refused. */
export function originAllowed(
  origin: string,
  loopback: boolean,
  allowedOrigins: ReadonlySet<string> | undefined,
): boolean {
  if (origin === 'null') return false
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (allowedOrigins?.has(url.origin)) return true
  return loopback && LOOPBACK_NAMES.has(url.hostname)
}

/** Whether the `Content-Type` is `application/json`, parameters aside. */
export function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false
  const semicolon = contentType.indexOf(';')
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon))
    .trim()
    .toLowerCase()
  return type === 'application/json'
}

/** What an `Accept` header allows. An absent header allows JSON. */
export function acceptOf(accept: string | null): { json: boolean; sse: boolean } {
  if (accept === null || accept.trim() === '') return { json: true, sse: false }
  let json = false
  let sse = false
  for (const part of accept.split(',')) {
    const semicolon = part.indexOf(';')
    const type = (semicolon === -1 ? part : part.slice(0, semicolon)).trim().toLowerCase()
    if (type === 'application/json' || type === 'application/*' || type === '*/*') json = true
    if (type === 'text/event-stream' || type === 'text/*' || type === '*/*') sse = true
  }
  return { json, sse }
}
