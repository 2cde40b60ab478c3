// The built bin over stdio, driven by the official MCP SDK client, on the recorded corpus.
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { SHARED_MISSING_REASON, sharedDir } from '@wiki/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIN, exerciseEveryTool, structured } from './helpers.js'

const shared = sharedDir()
const dir = shared && join(shared, 'arch-fixtures')

const TOOLS = [
  'backlinks',
  'categories',
  'category',
  'commands',
  'diff',
  'history',
  'links',
  'page',
  'recent_changes',
  'recheck',
  'search',
  'section',
  'sections',
  'verify',
  'warnings',
]

describe.skipIf(!dir)(`arch-wiki-mcp over stdio ${dir ? '' : SHARED_MISSING_REASON}`, () => {
  let client: Client
  let stderr = ''

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, '--stdio'],
      env: { PATH: process.env.PATH ?? '', ARCH_WIKI_OFFLINE: dir as string },
      stderr: 'pipe',
    })
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    client = new Client({ name: 'e2e', version: '1.0.0' })
    await client.connect(transport)
  })

  afterAll(async () => {
    await client.close()
  })

  const call = (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as Promise<{
      isError?: boolean
      structuredContent?: unknown
      content?: unknown
    }>

  it('lists exactly the read-only tools and the usage prompt', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS)
    expect(tools.find((t) => t.name === 'page')?._meta).toEqual({
      'anthropic/maxResultSizeChars': 500_000,
    })
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true)
      expect(tool.inputSchema.additionalProperties).toBe(false)
    }
    const { prompts } = await client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual(['arch-wiki-usage'])
    const prompt = await client.getPrompt({ name: 'arch-wiki-usage' })
    const text = (prompt.messages[0]?.content as { text: string }).text
    for (const field of [
      'revision_url',
      'revision_wikitext_url',
      'content_raw',
      'content_hash_cleaned',
      'message_raw',
      'message_hash_cleaned',
      'placeholders',
      'alias',
      'alias_target',
      'alias_revid',
      'match',
      'snippet',
      'redirected_from',
    ]) {
      expect(text).toContain(field)
    }
  })

  it('README example: commands("GRUB", "Installation")', async () => {
    const result = structured(
      await call('commands', { title_or_url: 'GRUB', anchor: 'Installation' }),
    )
    const block = (result.commands as Record<string, unknown>[]).find(
      (c) => c.content_hash === '8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44',
    )
    expect(block).toMatchObject({
      content: '# grub-install --target=x86_64-efi --efi-directory=<esp> --bootloader-id=GRUB',
      content_hash_cleaned: '29e88b233ac641da1dec1beeb7500687263991279c8fd0d5762ca45479ffb12e',
      placeholders: ['esp'],
      header: null,
      revid: 858930,
      source_url: 'https://wiki.archlinux.org/title/GRUB#Installation',
      revision_url: 'https://wiki.archlinux.org/index.php?oldid=858930#Installation',
    })
  })

  it('README example: section("Installation guide", "Boot_the_live_environment")', async () => {
    const args = { title_or_url: 'Installation guide', anchor: 'Boot_the_live_environment' }
    const result = structured(await call('section', args))
    expect(result).toMatchObject({
      section_heading: 'Boot the live environment',
      content_hash: 'b2ec52eef0b639a0fb2a761bdaf3eab9ae6de8ae08091025ad9cf51d022892b7',
      revid: 858613,
    })
    expect(result.content as string).toMatch(/^### Boot the live environment/)
    expect(result.content).toContain('1. Point the current boot device')
    expect(result.content).toContain('**Note:**')
    expect(structured(await call('commands', args)).commands).toEqual([])
  })

  it('README example: warnings("Iwd", "Usage") and the French {{Attention}}', async () => {
    const iwd = structured(await call('warnings', { title_or_url: 'Iwd', anchor: 'Usage' }))
    expect(iwd.warnings).toContainEqual(
      expect.objectContaining({
        type: 'NOTE',
        content_hash: '9e183a7fb724a74e42120dc6f7e3d9631ca1036fb8758e3a481d1ff2ca22ed3a',
        message_hash_cleaned: '27693d93de0969fc34ac243581e2f66693c6ae2b0f8cabc3098b86b49a290223',
        revid: 847035,
      }),
    )
    const fr = structured(await call('warnings', { title_or_url: 'Installation guide (Français)' }))
    expect(fr.warnings).toContainEqual(
      expect.objectContaining({
        type: 'WARNING',
        content_hash: 'f007b1d054b1b6d2bc8d53a692d8ae530d7824256af4aa5fc5043a8d9e1ddb91',
        message_hash_cleaned: 'f007b1d054b1b6d2bc8d53a692d8ae530d7824256af4aa5fc5043a8d9e1ddb91',
        revid: 875238,
        alias: 'Attention',
        alias_target: 'Template:Warning (Français)',
        alias_revid: 675792,
        source_url: 'https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29',
        revision_url: 'https://wiki.archlinux.org/index.php?oldid=875238',
        alias_revision_url: 'https://wiki.archlinux.org/index.php?oldid=675792',
      }),
    )
  })

  it('every tool succeeds once and fails closed once with its code', async () => {
    await exerciseEveryTool(call)
    // Nothing but JSON-RPC went to stdout: the client would have failed to parse it.
    expect(stderr).not.toContain('"jsonrpc"')
  })
})
