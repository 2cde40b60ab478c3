import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createServer, defineTool, ToolError } from '@wiki/mcp-core'
import { createHttpHandler } from '@wiki/mcp-core/http'

// createServer({ onError }): the one place a thrown error becomes the tool error a client sees.
class AdapterError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.code = code
  }
}

const thrower = defineTool({
  name: 'throw',
  description: 'Throws what it is asked to.',
  input: z.strictObject({ what: z.enum(['adapter', 'tool', 'bug', 'string']) }),
  output: z.strictObject({}),
  access: 'read',
  handler: ({ what }) => {
    if (what === 'adapter') throw new AdapterError('page_not_found', 'No page "X"')
    if (what === 'tool') throw new ToolError('own_code', 'thrown as a ToolError', { hint: 1 })
    if (what === 'string') throw 'not an Error' // eslint-disable-line @typescript-eslint/only-throw-error
    throw new Error('detail that must stay in the log')
  },
})

async function call(
  onError: ((error: unknown) => ToolError | undefined) | undefined,
  what: string,
): Promise<{ payload: Record<string, unknown>; logs: string[] }> {
  const logs: string[] = []
  const log = {
    debug() {},
    info() {},
    warn: (line: string) => logs.push(line),
    error: (line: string) => logs.push(line),
  }
  const server = createServer({
    name: 'on-error',
    version: '1.0.0',
    tools: [thrower],
    ...(onError ? { onError } : {}),
  })
  const handle = createHttpHandler(server, { auth: false, log })
  const response = await handle(
    new Request('http://127.0.0.1:3000/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'throw', arguments: { what } },
      }),
    }),
  )
  const body = (await response.json()) as {
    result: { isError: boolean; content: { text: string }[] }
  }
  expect(body.result.isError).toBe(true)
  return { payload: JSON.parse(body.result.content[0]!.text) as Record<string, unknown>, logs }
}

const mapAdapter = (error: unknown): ToolError | undefined =>
  error instanceof AdapterError ? new ToolError(error.code, error.message) : undefined

describe('createServer({ onError })', () => {
  it('maps an error the app knows to its code and message', async () => {
    const { payload, logs } = await call(mapAdapter, 'adapter')
    expect(payload).toEqual({ error: 'No page "X"', code: 'page_not_found' })
    expect(logs).toEqual([])
  })

  it('answers a thrown ToolError as it is, without asking onError', async () => {
    let asked = 0
    const { payload } = await call((error) => {
      asked++
      return mapAdapter(error)
    }, 'tool')
    expect(payload).toEqual({ error: 'thrown as a ToolError', code: 'own_code', hint: 1 })
    expect(asked).toBe(0)
  })

  it('answers an unmapped error internal_error with a ref; the detail only in the log', async () => {
    for (const what of ['bug', 'string']) {
      const { payload, logs } = await call(mapAdapter, what)
      expect(payload).toEqual({
        error: 'Internal error',
        code: 'internal_error',
        ref: expect.stringMatching(/^[0-9a-f]{8}$/),
      })
      expect(JSON.stringify(payload)).not.toContain('detail')
      expect(logs.join('\n')).toContain(String(payload.ref))
    }
    const { logs } = await call(mapAdapter, 'bug')
    expect(logs.join('\n')).toContain('detail that must stay in the log')
  })

  it('without onError, only ToolErrors are expected', async () => {
    expect((await call(undefined, 'adapter')).payload.code).toBe('internal_error')
    expect((await call(undefined, 'tool')).payload.code).toBe('own_code')
  })

  it('treats a mapper that throws or returns something else as unexpected', async () => {
    const throwing = await call(() => {
      throw new Error('mapper broke')
    }, 'adapter')
    expect(throwing.payload.code).toBe('internal_error')
    expect(throwing.logs.join('\n')).toContain('mapper broke')
    const wrong = await call(() => ({ code: 'x' }) as unknown as ToolError, 'adapter')
    expect(wrong.payload.code).toBe('internal_error')
  })

  it('refuses an onError that is not a function at start-up', () => {
    expect(() =>
      createServer({
        name: 'x',
        version: '1',
        tools: [thrower],
        onError: 'no' as unknown as () => undefined,
      }),
    ).toThrow(/onError must be a function/)
  })
})
