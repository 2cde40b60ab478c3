/** What a registered HTTP endpoint answered to initialize and tools/list. */
export type HttpProbeResult =
  | {
      readonly outcome: 'answered'
      readonly serverInfo: { readonly name: string; readonly version: string }
      readonly tools: readonly string[] | { readonly error: string }
    }
  /** Nothing answered: refused, unknown host, TLS, timeout. */
  | { readonly outcome: 'unreachable'; readonly reason: string }
  /** An HTTP status other than 200 (401: the token was refused). */
  | { readonly outcome: 'refused'; readonly status: number; readonly said: string }
  | { readonly outcome: 'not_mcp'; readonly said: string }

const PROTOCOL_VERSION = '2025-06-18'

/**
 * Posts an MCP initialize and then tools/list to `url` with `headers`, each within `timeoutMs`.
 * Never throws. Reads JSON and SSE answers alike.
 */
export async function probeHttpServer(
  url: string,
  headers: Readonly<Record<string, string>>,
  timeoutMs = 15_000,
): Promise<HttpProbeResult> {
  const post = async (body: object): Promise<Response> =>
    fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': PROTOCOL_VERSION,
      },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  let response: Response
  try {
    response = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'registration-check', version: '1' },
      },
    })
  } catch (error) {
    return { outcome: 'unreachable', reason: reasonOf(error, timeoutMs) }
  }
  const text = await response.text().catch(() => '')
  if (response.status !== 200) {
    return { outcome: 'refused', status: response.status, said: text.slice(0, 200) }
  }
  const init = answerOf(text) as { result?: { serverInfo?: { name?: unknown; version?: unknown } } }
  const info = init?.result?.serverInfo
  if (typeof info?.name !== 'string') return { outcome: 'not_mcp', said: text.slice(0, 200) }
  const serverInfo = {
    name: info.name,
    version: typeof info.version === 'string' ? info.version : '',
  }
  try {
    const listed = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })
    const answer = answerOf(await listed.text()) as {
      result?: { tools?: { name?: unknown }[] }
      error?: { message?: unknown }
    }
    const tools = answer?.result?.tools
    if (!Array.isArray(tools)) {
      const error =
        typeof answer?.error?.message === 'string' ? answer.error.message : `HTTP ${listed.status}`
      return { outcome: 'answered', serverInfo, tools: { error } }
    }
    return {
      outcome: 'answered',
      serverInfo,
      tools: tools.flatMap((tool) => (typeof tool?.name === 'string' ? [tool.name] : [])),
    }
  } catch (error) {
    return { outcome: 'answered', serverInfo, tools: { error: reasonOf(error, timeoutMs) } }
  }
}

/** The JSON-RPC answer in a JSON body or in the first `data:` line of an SSE body. */
function answerOf(text: string): unknown {
  const data = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .find((line) => line.startsWith('data:') && line.includes('"id"'))
        ?.slice(5)
  try {
    return data === undefined ? undefined : JSON.parse(data)
  } catch {
    return undefined
  }
}

function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`
  }
  // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, a TLS error) is its cause.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause
  if (typeof cause?.code === 'string') return cause.code
  if (typeof cause?.message === 'string') return cause.message
  return error instanceof Error ? error.message : String(error)
}
