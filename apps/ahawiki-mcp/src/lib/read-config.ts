/** The validated environment of one ahawiki-mcp process. */
export interface AhaWikiConfig {
  baseUrl: string
  /** Origin only, for start-up logs. */
  origin: string
  apiKey: string
  write: boolean
  timeoutMs: number
}

export type ConfigResult = { ok: true; config: AhaWikiConfig } | { ok: false; message: string }

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === ''

function baseUrlProblem(raw: string, allowHttp: boolean): string | undefined {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return 'is not a URL'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https://'
  if (url.username !== '' || url.password !== '') return 'must not contain credentials'
  if (url.search !== '' || raw.includes('?')) return 'must not contain a query'
  if (url.hash !== '' || raw.includes('#')) return 'must not contain a fragment'
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname) && !allowHttp) {
    return 'uses plain http off loopback; use https or set AHAWIKI_ALLOW_HTTP=1'
  }
  return undefined
}

/**
 * Reads ahawiki-mcp's settings from the environment only. Every missing or invalid variable is
 * named in one message; a value is never echoed, so the key cannot leak through it.
 */
export function readConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  const missing: string[] = []
  const invalid: string[] = []
  const rawUrl = env.AHAWIKI_BASE_URL
  const rawKey = env.AHAWIKI_API_KEY

  if (blank(rawUrl)) missing.push('AHAWIKI_BASE_URL')
  else {
    const problem = baseUrlProblem(rawUrl!, env.AHAWIKI_ALLOW_HTTP === '1')
    if (problem) invalid.push(`AHAWIKI_BASE_URL ${problem}`)
  }
  const apiKey = rawKey?.trim() ?? ''
  if (blank(rawKey)) missing.push('AHAWIKI_API_KEY')
  else if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    invalid.push('AHAWIKI_API_KEY must be printable ASCII without spaces')
  }
  let timeoutMs = 15_000
  const rawTimeout = env.AHAWIKI_TIMEOUT_MS
  if (!blank(rawTimeout)) {
    const trimmed = rawTimeout!.trim()
    timeoutMs = Number(trimmed)
    if (!/^\d+$/.test(trimmed) || timeoutMs < 1000 || timeoutMs > 120_000) {
      invalid.push('AHAWIKI_TIMEOUT_MS must be an integer from 1000 to 120000')
    }
  }

  if (missing.length > 0 || invalid.length > 0) {
    const parts: string[] = []
    if (missing.length > 0) {
      parts.push(`missing required environment variable(s): ${missing.join(', ')}`)
    }
    if (invalid.length > 0) parts.push(`invalid environment: ${invalid.join('; ')}`)
    return { ok: false, message: parts.join('; ') }
  }
  const url = new URL(rawUrl!.trim())
  return {
    ok: true,
    config: {
      baseUrl: (url.origin + url.pathname).replace(/\/+$/, ''),
      origin: url.origin,
      apiKey,
      write: env.AHAWIKI_MCP_WRITE === '1',
      timeoutMs,
    },
  }
}
