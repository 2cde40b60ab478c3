/* eslint-disable vitest/expect-expect -- expectTypeOf assertions are checked by the typecheck */
import { describe, expectTypeOf, it } from 'vitest'
import * as z from 'zod'
import {
  createServer,
  definePrompt,
  defineTool,
  type ServerDefinition,
  type Session,
  type Tool,
  type ToolContext,
} from '@wiki/mcp-core'
import type { HttpHandler, HttpStats } from '@wiki/mcp-core/http'
import type { HttpServer } from '@wiki/mcp-core/node'
import type { StdioServer } from '@wiki/mcp-core/stdio'

describe('public types', () => {
  it('types handler arguments as the parsed input and results as the output input type', () => {
    const input = z.strictObject({ query: z.string(), limit: z.number().default(10) })
    const output = z.strictObject({ hits: z.array(z.string()).default([]) })
    const tool = defineTool({
      name: 'search',
      description: 'Searches.',
      input,
      output,
      access: 'read',
      handler(args, ctx) {
        expectTypeOf(args).toEqualTypeOf<{ query: string; limit: number }>()
        expectTypeOf(ctx).toEqualTypeOf<ToolContext>()
        expectTypeOf(ctx.session).toEqualTypeOf<Session>()
        // The output's input type: defaults make fields optional for the handler.
        return {}
      },
    })
    expectTypeOf(tool).toExtend<Tool>()
    expectTypeOf(
      createServer({ name: 's', version: '1', tools: [tool] }),
    ).toEqualTypeOf<ServerDefinition>()
  })

  it('types prompt arguments', () => {
    definePrompt({
      name: 'p',
      description: 'A prompt.',
      args: z.strictObject({ title: z.string(), lang: z.string().optional() }),
      handler(args) {
        expectTypeOf(args).toEqualTypeOf<{ title: string; lang?: string | undefined }>()
        return [{ role: 'user', content: { type: 'text', text: args.title } }]
      },
    })
  })

  it('types the transport handles', () => {
    expectTypeOf<HttpHandler>().toBeCallableWith(new Request('http://127.0.0.1/mcp'))
    expectTypeOf<ReturnType<HttpHandler['stats']>>().toEqualTypeOf<HttpStats>()
    expectTypeOf<HttpServer['url']>().toEqualTypeOf<string>()
    expectTypeOf<StdioServer['closed']>().toEqualTypeOf<Promise<void>>()
  })
})
