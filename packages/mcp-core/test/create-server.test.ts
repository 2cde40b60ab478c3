import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createServer, definePrompt, defineTool, ToolError, type Tool } from '@wiki/mcp-core'

function tool(overrides: Partial<Parameters<typeof defineTool>[0]> = {}): Tool {
  return defineTool({
    name: 'search',
    description: 'Searches.',
    input: z.strictObject({ query: z.string() }),
    output: z.strictObject({ hits: z.array(z.strictObject({ title: z.string() })) }),
    access: 'read',
    handler: () => ({ hits: [] }),
    ...overrides,
  })
}

function problemsOf(build: () => unknown): string {
  try {
    build()
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError)
    return (error as TypeError).message
  }
  throw new Error('expected createServer to throw')
}

describe('defineTool and definePrompt', () => {
  it('return frozen declarations', () => {
    const declared = tool({ annotations: { openWorldHint: true } })
    expect(Object.isFrozen(declared)).toBe(true)
    expect(Object.isFrozen(declared.annotations)).toBe(true)
    const prompt = definePrompt({ name: 'p', description: 'A prompt.', handler: () => [] })
    expect(Object.isFrozen(prompt)).toBe(true)
  })
})

describe('createServer', () => {
  it('returns a frozen definition that keeps its tools in order', () => {
    const server = createServer({
      name: 'wiki',
      version: '1.0.0',
      tools: [tool(), tool({ name: 'read' })],
    })
    expect(Object.isFrozen(server)).toBe(true)
    expect(Object.isFrozen(server.tools)).toBe(true)
    expect(server.tools.map((t) => t.name)).toEqual(['search', 'read'])
    expect(server.readOnly).toBe(false)
  })

  it('refuses a non-object top level (rule 1)', () => {
    const message = problemsOf(() =>
      createServer({ name: 'wiki', version: '1', tools: [tool({ input: z.string() })] }),
    )
    expect(message).toContain('tool "search": input: the top-level schema must have type "object"')
  })

  it('refuses $ref/$defs (rule 2)', () => {
    const shared = z.strictObject({ title: z.string() }).meta({ id: 'Hit' })
    const message = problemsOf(() =>
      createServer({
        name: 'wiki',
        version: '1',
        tools: [tool({ output: z.strictObject({ a: shared, b: shared }) })],
      }),
    )
    expect(message).toMatch(/output: .*\$ref\/\$defs are not allowed/)
  })

  it('refuses tuples (rule 3)', () => {
    const message = problemsOf(() =>
      createServer({
        name: 'wiki',
        version: '1',
        tools: [tool({ input: z.strictObject({ pair: z.tuple([z.string(), z.number()]) }) })],
      }),
    )
    expect(message).toContain('input: /properties/pair: arrays need an object-valued items')
  })

  it('refuses open input objects (rule 4) but allows open outputs', () => {
    const message = problemsOf(() =>
      createServer({
        name: 'wiki',
        version: '1',
        tools: [tool({ input: z.object({ query: z.string() }) })],
      }),
    )
    expect(message).toContain('input: /: input objects must be closed')
    expect(() =>
      createServer({
        name: 'wiki',
        version: '1',
        tools: [tool({ output: z.object({ hits: z.array(z.string()) }) })],
      }),
    ).not.toThrow()
  })

  it('checks names, uniqueness and the key + tool length (rule 5)', () => {
    const message = problemsOf(() =>
      createServer({
        name: 'wiki',
        version: '1',
        tools: [tool({ name: 'has space' }), tool(), tool(), tool({ name: 'x'.repeat(55) })],
      }),
    )
    expect(message).toContain('tool "has space": name must match')
    expect(message).toContain('tool "search": name is used by another tool')
    expect(message).toMatch(/"wiki-http" \+ "x+" is longer than 60 characters/)
  })

  it('requires descriptions of at most 2048 bytes (rule 6)', () => {
    const message = problemsOf(() =>
      createServer({
        name: 'wiki',
        version: '1',
        instructions: 'é'.repeat(1025),
        tools: [tool({ description: '' }), tool({ name: 'long', description: 'x'.repeat(2049) })],
        prompts: [definePrompt({ name: 'p', description: '  ', handler: () => [] })],
      }),
    )
    expect(message).toContain('server: instructions are 2050 bytes, at most 2048 allowed')
    expect(message).toContain('tool "search": description is required')
    expect(message).toContain('tool "long": description is 2049 bytes')
    expect(message).toContain('prompt "p": description is required')
  })

  it('refuses 128 tools (rule 7)', () => {
    const many = Array.from({ length: 128 }, (_, i) => tool({ name: `t${i}` }))
    expect(problemsOf(() => createServer({ name: 'wiki', version: '1', tools: many }))).toContain(
      'server: 128 tools, fewer than 128 allowed',
    )
  })

  it('ties readOnlyHint to access and refuses write tools on readOnly servers', () => {
    const message = problemsOf(() =>
      createServer({
        name: 'wiki',
        version: '1',
        readOnly: true,
        tools: [
          tool({ access: 'write', name: 'save' }),
          tool({ annotations: { readOnlyHint: false } }),
        ],
      }),
    )
    expect(message).toContain(`tool "save": access is 'write' but the server is readOnly`)
    expect(message).toContain(
      `tool "search": annotations.readOnlyHint is false but access is 'read'`,
    )
  })

  it('lists every problem in one TypeError', () => {
    const message = problemsOf(() =>
      createServer({ name: 'bad name', version: '', tools: [tool({ description: '' })] }),
    )
    expect(message.split('\n- ')).toHaveLength(4)
  })

  it('requires prompt arguments to be strings', () => {
    const message = problemsOf(() =>
      createServer({
        name: 'wiki',
        version: '1',
        tools: [],
        prompts: [
          definePrompt({
            name: 'p',
            description: 'A prompt.',
            args: z.strictObject({ n: z.number() }) as never,
            handler: () => [],
          }),
        ],
      }),
    )
    expect(message).toContain('prompt "p": /properties/n: prompt arguments must be z.string()')
  })
})

describe('ToolError', () => {
  it('keeps snake_case codes and drops error/code/message from data', () => {
    const error = new ToolError('not_found', 'No page', {
      error: 'w',
      code: 'x',
      message: 'y',
      suggestions: ['a'],
    })
    expect(error.code).toBe('not_found')
    expect(error.message).toBe('No page')
    expect(error.data).toEqual({ suggestions: ['a'] })
    expect(error.name).toBe('ToolError')
  })

  it('refuses reserved and malformed codes', () => {
    for (const code of ['internal_error', 'timeout', 'unavailable']) {
      expect(() => new ToolError(code, 'x')).toThrow(/reserved/)
    }
    for (const code of ['NotFound', '1abc', 'not-found', '']) {
      expect(() => new ToolError(code, 'x')).toThrow(TypeError)
    }
  })
})
