// Why a request never got an answer, in words an agent can act on. Node's fetch reports every
// network failure as "fetch failed" and hides the reason in `cause.code`; an agent told only
// "fetch failed" cannot tell a typo in the host (DNS) from a wiki that is down (refused) or a
// proxy in the way (TLS).

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL'])
const REFUSED_CODES = new Set(['ECONNREFUSED'])
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT'])
const UNREACHABLE_CODES = new Set(['ENETUNREACH', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETDOWN'])

/** The innermost `code` along an error's `cause` chain (fetch nests the socket's error). */
function causeCode(error: unknown): string | undefined {
  let found: string | undefined
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') found = code
    current = (current as { cause?: unknown }).cause
  }
  return found
}

/** OpenSSL's and Node's TLS codes: `ERR_SSL_…`, `ERR_TLS_…`, certificate checks, `EPROTO`. */
function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_SSL') ||
    code.startsWith('ERR_TLS') ||
    code.startsWith('UNABLE_TO_') ||
    code.includes('CERT') ||
    code === 'EPROTO'
  )
}

/**
 * One clause naming the host and the cause class (DNS, refused, TLS, timeout, reset,
 * unreachable), with the system code in parentheses; the plain message when the cause is unknown.
 */
export function describeNetworkFailure(error: unknown, url: string): string {
  let host = url
  let port = ''
  try {
    const parsed = new URL(url)
    host = parsed.hostname
    port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80')
  } catch {
    // Not a URL: name what we were given.
  }
  const code = causeCode(error)
  if (code !== undefined) {
    if (DNS_CODES.has(code))
      return `the DNS lookup of ${host} failed (${code}); check the host name`
    if (REFUSED_CODES.has(code))
      return `${host}:${port} refused the connection (${code}); is the wiki running?`
    if (TIMEOUT_CODES.has(code)) return `connecting to ${host}:${port} timed out (${code})`
    if (UNREACHABLE_CODES.has(code)) return `${host} is unreachable from here (${code})`
    if (RESET_CODES.has(code))
      return `${host}:${port} closed the connection before answering (${code})`
    if (isTlsCode(code))
      return `the TLS handshake with ${host}:${port} failed (${code}); check the scheme and the certificate`
    return `the request to ${host}:${port} failed (${code})`
  }
  const message = error instanceof Error ? error.message : String(error)
  return `the request to ${host}:${port} failed: ${message.slice(0, 200)}`
}
