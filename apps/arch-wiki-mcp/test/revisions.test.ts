// history, diff and the revid argument, over the in-memory backend: argument mapping, the checks
// the app makes itself (a revid of another page) and the shapes. The live MediaWiki test compares
// the same tools with what the wiki's API reports.
import { describe, expect, it } from 'vitest'
import { archWikiTools } from '../src/server.js'
import { callTool, failureCode } from './call-tool.js'
import { fakeWiki } from './fake-backend.js'

function setup() {
  const wiki = fakeWiki()
  const first = wiki.edit('Example', 'Intro.\n== Install ==\n{{bc|one}}\n')
  const second = wiki.edit('Example', 'Intro.\n== Install ==\n{{bc|two}}\nMore.\n')
  const other = wiki.edit('Other', 'Elsewhere.\n')
  const tools = Object.fromEntries(archWikiTools(wiki.backend).map((t) => [t.name, t]))
  return { wiki, first, second, other, tools: tools as Record<string, (typeof tools)[string] & {}> }
}

describe('history', () => {
  it('lists revisions newest first with revision URLs, pages with continue, carries no hash', async () => {
    const { wiki, first, second, tools } = setup()
    const page1 = await callTool(tools.history!, { title_or_url: 'Example', limit: 1 })
    expect(page1).toMatchObject({ title: 'Example', continue: '1', redirected_from: null })
    expect(page1.revisions).toEqual([
      expect.objectContaining({
        revid: second,
        parentid: first,
        user: null,
        user_hidden: true,
        revision_url: `https://wiki.example.org/index.php?oldid=${second}`,
      }),
    ])
    const page2 = await callTool(tools.history!, {
      title_or_url: 'Example',
      limit: 1,
      continue: page1.continue,
    })
    expect(page2.revisions).toEqual([
      expect.objectContaining({ revid: first, parentid: 0, user: 'Alice', user_hidden: false }),
    ])
    expect(page2.continue).toBeNull()
    expect(JSON.stringify([page1, page2])).not.toMatch(/hash/i)
    expect(wiki.calls).toEqual(['history Example 1 -', 'history Example 1 1'])
  })

  it('defaults limit to 20 and refuses limits outside 1–500', async () => {
    const { wiki, tools } = setup()
    await callTool(tools.history!, { title_or_url: 'Example' })
    expect(wiki.calls).toEqual(['history Example 20 -'])
    for (const limit of [0, 501, 1.5, '5']) {
      expect(() => tools.history!.input.parse({ title_or_url: 'Example', limit })).toThrow(/limit/)
    }
  })
})

describe('revid on the evidence tools', () => {
  it('page, section, commands, warnings and links answer for that revision, with its oldid', async () => {
    const { first, tools } = setup()
    const page = await callTool(tools.page!, { title_or_url: 'Example', revid: first })
    expect(page).toMatchObject({
      revid: first,
      revision_url: `https://wiki.example.org/index.php?oldid=${first}`,
      wikitext: 'Intro.\n== Install ==\n{{bc|one}}\n',
    })
    const commands = await callTool(tools.commands!, { title_or_url: 'Example', revid: first })
    expect(commands.commands).toEqual([
      expect.objectContaining({ content_raw: 'one', revid: first }),
    ])
    const section = await callTool(tools.section!, {
      title_or_url: 'Example',
      anchor: 'Install',
      revid: first,
    })
    expect(section).toMatchObject({
      revid: first,
      revision_url: `https://wiki.example.org/index.php?oldid=${first}#Install`,
    })
    for (const name of ['warnings', 'links']) {
      const answer = await callTool(tools[name]!, { title_or_url: 'Example', revid: first })
      expect(answer.title).toBe('Example')
    }
  })

  it('refuses a revid of another page, and a revid that does not exist', async () => {
    const { other, tools } = setup()
    for (const name of ['page', 'commands', 'warnings', 'links']) {
      expect(await failureCode(tools[name]!, { title_or_url: 'Example', revid: other })).toBe(
        'invalid_arguments',
      )
      expect(await failureCode(tools[name]!, { title_or_url: 'Example', revid: 99_999 })).toBe(
        'page_not_found',
      )
    }
  })

  it('accepts the URL form of the title without asking the wiki again', async () => {
    const { wiki, first, tools } = setup()
    wiki.edit('Two words', 'x\n')
    const revid = wiki.edit('Two words', 'y\n')
    await callTool(tools.page!, { title_or_url: 'Two_words', revid })
    expect(wiki.calls).toEqual([`revision ${revid}`])
    expect(first).toBeGreaterThan(0)
  })
})

describe('diff', () => {
  it('diffs two revisions (default to: current) with both hashes', async () => {
    const { wiki, first, second, tools } = setup()
    const answer = await callTool(tools.diff!, { title_or_url: 'Example', from: first })
    const hash = (text: string) => wiki.backend.hash(text)
    expect(answer).toMatchObject({
      from_revid: first,
      to_revid: second,
      from_wikitext_hash: hash('Intro.\n== Install ==\n{{bc|one}}\n'),
      to_wikitext_hash: hash('Intro.\n== Install ==\n{{bc|two}}\nMore.\n'),
      identical: false,
      section_anchor: null,
    })
    expect(answer.from_content_hash).toBe(answer.from_wikitext_hash)
    const same = await callTool(tools.diff!, { title_or_url: 'Example', from: second })
    expect(same).toMatchObject({ identical: true, to_revid: second })
  })

  it('diffs one section and names the revision where an anchor is missing', async () => {
    const { wiki, first, second, tools } = setup()
    const answer = await callTool(tools.diff!, {
      title_or_url: 'Example',
      from: first,
      to: second,
      anchor: 'Install',
    })
    expect(answer.from_content_hash).toBe(wiki.backend.hash('== Install ==\n{{bc|one}}\n'))
    const third = wiki.edit('Example', 'Intro.\n== Setup ==\n')
    const call = callTool(tools.diff!, {
      title_or_url: 'Example',
      from: first,
      to: third,
      anchor: 'Install',
    })
    await expect(call).rejects.toMatchObject({
      code: 'section_not_found',
      message: expect.stringContaining(`at revision ${third}`) as unknown,
    })
  })

  it('refuses a from revid of another page', async () => {
    const { other, tools } = setup()
    expect(await failureCode(tools.diff!, { title_or_url: 'Example', from: other })).toBe(
      'invalid_arguments',
    )
  })
})
