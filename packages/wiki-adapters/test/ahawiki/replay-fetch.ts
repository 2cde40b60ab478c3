// A scripted `fetch` for adapter tests: answers come from a queue, requests are recorded.

export interface RecordedRequest {
  method: string
  url: string
  headers: Record<string, string>
  body: string | undefined
  redirect: string | undefined
}

export type Answer =
  | {
      status?: number
      body?: string | object
      headers?: Record<string, string>
    }
  | Error
  | ((request: RecordedRequest, signal: AbortSignal) => Promise<Response>)

/** JSON the way AhaWiki prints it: two-space indent and `" : "` between key and value. */
export function ahaJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/^(\s*"(?:[^"\\]|\\.)*"): /gm, '$1 : ')
}

export function replayFetch(answers: Answer[]): {
  fetch: typeof globalThis.fetch
  requests: RecordedRequest[]
} {
  const requests: RecordedRequest[] = []
  const queue = [...answers]
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value
    })
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: input instanceof Request ? input.url : input.toString(),
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      redirect: init?.redirect,
    }
    requests.push(request)
    const answer = queue.shift()
    if (answer === undefined) throw new Error(`unexpected request ${request.method} ${request.url}`)
    if (answer instanceof Error) throw answer
    if (typeof answer === 'function') return answer(request, init!.signal!)
    const body =
      answer.body === undefined || typeof answer.body === 'string'
        ? answer.body
        : ahaJson(answer.body)
    return new Response(body ?? null, {
      status: answer.status ?? 200,
      headers: {
        'content-type': typeof answer.body === 'object' ? 'application/json' : 'text/html',
        ...answer.headers,
      },
    })
  }
  return { fetch, requests }
}
