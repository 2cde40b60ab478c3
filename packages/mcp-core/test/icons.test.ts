import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createServer, defineTool, type Icon } from '@wiki/mcp-core'
import { readSvgIcon } from '@wiki/mcp-core/node'
import { serveStdio } from '@wiki/mcp-core/stdio'

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle cx="2" cy="2" r="2"/></svg>'
const svgData = (svg: string) =>
  `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`

function tool(icons?: unknown) {
  return defineTool({
    name: 'look',
    description: 'Looks.',
    input: z.strictObject({}),
    output: z.strictObject({ ok: z.boolean() }),
    access: 'read',
    ...(icons === undefined ? {} : { icons: icons as Icon[] }),
    handler: () => ({ ok: true }),
  })
}

/** The createServer problem list for icons given to the server and to its one tool. */
function problems(serverIcons: unknown, toolIcons?: unknown): string {
  try {
    createServer({
      name: 'icons',
      version: '1',
      icons: serverIcons as Icon[],
      tools: [tool(toolIcons)],
    })
    return ''
  } catch (error) {
    return (error as Error).message
  }
}

describe('icons in createServer', () => {
  it('accepts https URLs and base64 data: URIs with sizes and a theme', () => {
    expect(
      problems(
        [
          {
            src: 'https://wiki.example/icon.png',
            mimeType: 'image/png',
            sizes: ['48x48', '96x96'],
          },
          { src: svgData(SVG), mimeType: 'image/svg+xml', sizes: ['any'], theme: 'dark' },
        ],
        [{ src: 'data:image/png;base64,iVBORw0KGgo=' }],
      ),
    ).toBe('')
  })

  it.each<[string, unknown, string]>([
    ['not an array', { src: 'https://a.example/i.png' }, 'server: icons must be an array'],
    [
      'an http URL',
      [{ src: 'http://a.example/i.png' }],
      'server: icons[0]: src scheme "http:" is refused by clients; use https: or data:',
    ],
    [
      'a javascript: URL',
      [{ src: 'javascript:alert(1)' }],
      'server: icons[0]: src scheme "javascript:" is refused by clients',
    ],
    [
      'credentials in the URL',
      [{ src: 'https://user:pw@a.example/i.png' }],
      'server: icons[0]: src must not carry credentials',
    ],
    [
      'a data: URI that is not base64',
      [{ src: 'data:image/svg+xml,<svg/>' }],
      'server: icons[0]: src "data:image/svg+xml,<svg/>"… must be data:image/<type>;base64,<base64>',
    ],
    [
      'a data: URI of another type',
      [{ src: 'data:text/html;base64,PGI+' }],
      'must be data:image/<type>;base64,<base64>',
    ],
    [
      'an SVG with a script',
      [{ src: svgData('<svg><script>alert(1)</script></svg>') }],
      'server: icons[0]: the SVG in src holds a <script> element',
    ],
    [
      'an SVG with an event handler',
      [{ src: svgData('<svg onload="alert(1)"></svg>') }],
      'holds an event handler attribute',
    ],
    [
      'an SVG fetching an image',
      [{ src: svgData('<svg><image href="https://t.example/x.png"/></svg>') }],
      'references an external resource',
    ],
    [
      'a mimeType against the data: URI',
      [{ src: svgData(SVG), mimeType: 'image/png' }],
      'server: icons[0]: mimeType "image/png" contradicts the data: URI\'s "image/svg+xml"',
    ],
    [
      'a bad size',
      [{ src: 'https://a.example/i.png', sizes: ['48'] }],
      'server: icons[0]: sizes ["48"] must be a non-empty array of "WxH" or "any"',
    ],
    [
      'a bad theme',
      [{ src: 'https://a.example/i.png', theme: 'blue' }],
      'server: icons[0]: theme "blue" must be "light" or "dark"',
    ],
    [
      'an unknown key',
      [{ src: 'https://a.example/i.png', href: 'x' }],
      'server: icons[0]: unknown key "href"; an icon has src, mimeType, sizes and theme',
    ],
    [
      'nine icons',
      Array.from({ length: 9 }, () => ({ src: 'https://a.example/i.png' })),
      'server: 9 icons, at most 8 allowed',
    ],
  ])('refuses %s, naming the icon and the field', (_name, icons, message) => {
    expect(problems(icons)).toContain(message)
  })

  it('names the tool whose icon is wrong', () => {
    expect(problems(undefined, [{ src: 'ftp://a.example/i.png' }])).toContain(
      'tool "look": icons[0]: src scheme "ftp:" is refused by clients',
    )
  })
})

describe('readSvgIcon', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-core-icons-'))
  const file = (name: string, text: string) => {
    const path = join(dir, name)
    writeFileSync(path, text)
    return pathToFileURL(path)
  }

  it('reads an SVG file into a scalable data: URI icon', () => {
    expect(readSvgIcon(file('ok.svg', SVG))).toEqual({
      src: svgData(SVG),
      mimeType: 'image/svg+xml',
      sizes: ['any'],
    })
  })

  it('refuses a missing file, an unsafe SVG and one over 16 KiB, naming the file', () => {
    const missing = join(dir, 'missing.svg')
    expect(() => readSvgIcon(missing)).toThrow(`icon ${missing}: cannot be read (ENOENT)`)
    const unsafe = file('unsafe.svg', '<svg><foreignObject/></svg>')
    expect(() => readSvgIcon(unsafe)).toThrow(
      /unsafe\.svg: the SVG holds a <foreignObject> element/,
    )
    const big = file('big.svg', `<svg>${' '.repeat(17 * 1024)}</svg>`)
    expect(() => readSvgIcon(big)).toThrow(
      /big\.svg: the SVG is 17\d{3} bytes, at most 16384 allowed/,
    )
    const notSvg = file('not.svg', '<html></html>')
    expect(() => readSvgIcon(notSvg)).toThrow(/not\.svg: the SVG has no <svg> element/)
  })
})

describe('icons by revision', () => {
  const icon = { src: 'https://wiki.example/icon.png', mimeType: 'image/png', sizes: ['48x48'] }
  const server = createServer({
    name: 'icons',
    title: 'Icons',
    version: '1',
    icons: [icon],
    tools: [tool([icon])],
  })

  async function replies(messages: object[]): Promise<Record<string, unknown>[]> {
    const input = new PassThrough()
    const output = new PassThrough()
    let text = ''
    output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    const handle = serveStdio(server, { input, output, log: silent })
    for (const message of messages) input.write(`${JSON.stringify(message)}\n`)
    input.end()
    await handle.closed
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  }
  const silent = { debug() {}, info() {}, warn() {}, error() {} }
  const init = (protocolVersion: string) => ({
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
  })

  it.each([
    ['2025-06-18', undefined],
    ['2025-11-25', [icon]],
  ])('%s: icons on the server and its tools: %j', async (version, icons) => {
    const [initialized, listed] = await replies([
      init(version),
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    ])
    const serverInfo = (initialized!.result as { serverInfo: { icons?: unknown } }).serverInfo
    const tools = (listed!.result as { tools: { icons?: unknown }[] }).tools
    expect(serverInfo.icons).toEqual(icons)
    expect(tools[0]!.icons).toEqual(icons)
    expect(serverInfo).toMatchObject({ name: 'icons', title: 'Icons', version: '1' })
  })

  it('2026-07-28: server/discover carries the icons; other results name the server without them', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    }
    const [discovered, listed] = await replies([
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } },
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: meta } },
    ])
    const discoverMeta = (discovered!.result as { _meta: Record<string, unknown> })._meta
    expect(discoverMeta['io.modelcontextprotocol/serverInfo']).toEqual({
      name: 'icons',
      title: 'Icons',
      version: '1',
      icons: [icon],
    })
    const result = listed!.result as { tools: object[]; _meta: Record<string, unknown> }
    expect(result.tools[0]).toMatchObject({ icons: [icon] })
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toEqual({
      name: 'icons',
      title: 'Icons',
      version: '1',
    })
  })
})
