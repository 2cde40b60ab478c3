// history, diff and the revid argument against a real MediaWiki (Debian's, SQLite, php -S) whose
// history this test writes through the API: pages edited by two users (an anonymous editor and a
// logged-in administrator), a section renamed, a revision's user, comment and text hidden with
// revision deletion, a page deleted. Every answer is compared with what the API reports, read
// here independently (prop=revisions with content, not the parse the adapter uses); every diff is
// applied to the old wikitext and must give the new one; verify reproduces every hash.
import { createHash } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import { MEDIAWIKI_ADMIN, startMediaWiki, type LocalMediaWiki } from '@wiki/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, siteFrom } from '../../src/create-backend.js'
import { archWikiTools } from '../../src/server.js'
import { callTool, failureCode } from '../call-tool.js'

type Tools = Record<string, Parameters<typeof callTool>[0]>
type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const sha256 = (text: string) => createHash('sha256').update(text.normalize('NFC')).digest('hex')

/** A logged-in API session (cookies kept by hand: fetch has no jar). */
async function adminSession(wiki: LocalMediaWiki) {
  const cookies = new Map<string, string>()
  const send = async (params: Record<string, string>, post = false): Promise<Json> => {
    const body = new URLSearchParams({ ...params, format: 'json', formatversion: '2' })
    const headers = { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    const response = post
      ? await fetch(wiki.apiUrl, { method: 'POST', body, headers })
      : await fetch(`${wiki.apiUrl}?${body.toString()}`, { headers })
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? ''
      const at = pair.indexOf('=')
      cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return (await response.json()) as Json
  }
  const login = await send({ action: 'query', meta: 'tokens', type: 'login' })
  const result = await send(
    {
      action: 'clientlogin',
      username: MEDIAWIKI_ADMIN.user,
      password: MEDIAWIKI_ADMIN.password,
      logintoken: login.query.tokens.logintoken as string,
      loginreturnurl: wiki.url,
    },
    true,
  )
  if (result.clientlogin?.status !== 'PASS') throw new Error(JSON.stringify(result))
  const token = ((await send({ action: 'query', meta: 'tokens' })).query.tokens.csrftoken ??
    '') as string
  const must = (answer: Json): Json => {
    if (answer.error) throw new Error(JSON.stringify(answer.error))
    return answer
  }
  return {
    async edit(title: string, text: string, summary: string, minor = false): Promise<number> {
      const answer = must(
        await send(
          { action: 'edit', title, text, summary, token, ...(minor ? { minor: '1' } : {}) },
          true,
        ),
      )
      return answer.edit.newrevid as number
    },
    async hide(title: string, revid: number, hide: string): Promise<void> {
      must(
        await send(
          {
            action: 'revisiondelete',
            type: 'revision',
            target: title,
            ids: String(revid),
            hide,
            reason: 'test',
            token,
          },
          true,
        ),
      )
    },
    async remove(title: string): Promise<void> {
      must(await send({ action: 'delete', title, reason: 'test', token }, true))
    },
  }
}

/** Applies a unified diff (as `diff -u` writes it) to `old`; throws when a line does not match. */
function applyUnifiedDiff(old: string, patch: string): string {
  if (patch === '') return old
  const source = old.match(/[^\n]*\n|[^\n]+$/g) ?? []
  const lines = patch.split('\n')
  if (lines.at(-1) === '') lines.pop()
  const out: string[] = []
  let cursor = 0
  let i = 2 // after the --- and +++ headers
  while (i < lines.length) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(lines[i] ?? '')
    if (!header) throw new Error(`not a hunk header: ${lines[i]}`)
    const count = header[2] === undefined ? 1 : Number(header[2])
    const start = count === 0 ? Number(header[1]) : Number(header[1]) - 1
    while (cursor < start) out.push(source[cursor++] as string)
    i++
    while (i < lines.length && !(lines[i] ?? '').startsWith('@@')) {
      const line = lines[i] as string
      const newline = lines[i + 1] === '\\ No newline at end of file' ? '' : '\n'
      const text = line.slice(1) + newline
      if (line[0] === '+') out.push(text)
      else {
        if (source[cursor] !== text) {
          throw new Error(
            `line ${cursor + 1}: expected ${JSON.stringify(source[cursor])}, the diff has ${JSON.stringify(text)}`,
          )
        }
        if (line[0] === ' ') out.push(text)
        cursor++
      }
      i += newline === '' ? 2 : 1
    }
  }
  while (cursor < source.length) out.push(source[cursor++] as string)
  return out.join('')
}

const TITLE = 'Boot history'
const TEXTS = [
  'Intro.\n== Install ==\n{{bc|# pacman -S one}}\n{{Note|Read first.}}\n== Usage ==\nRun [[Other page]].\n',
  'Intro.\n== Install ==\n{{bc|# pacman -S one}}\n{{bc|# pacman -S two}}\n{{Note|Read first.}}\n== Usage ==\nRun [[Other page]].\n',
  'Intro.\n== Installation ==\n{{bc|# pacman -S one}}\n{{bc|# pacman -S two}}\n{{Note|Read first.}}\n== Usage ==\nRun [[Other page]].\n',
  'Intro.\n== Installation ==\n{{bc|# pacman -S one}}\n{{bc|# pacman -S two}}\n{{Note|Read first.}}\n== Usage ==\nRun [[Other page]] and [[Third page]].\n',
  'Intro.\n== Installation ==\n{{bc|# pacman -S one}}\n{{bc|# secret}}\n{{Note|Read first.}}\n== Usage ==\nRun [[Other page]] and [[Third page]].\n',
  'Intro, shorter.\n== Installation ==\n{{bc|# pacman -S one}}\n{{bc|# pacman -S two}}\n{{Warning|Careful.}}\n== Usage ==\nRun [[Third page]].',
]

describe('history, diff and revid against a live MediaWiki', () => {
  let wiki: LocalMediaWiki
  const revids: number[] = []
  let otherRevid = 0
  let deletedRevid = 0
  let requests: string[] = []

  const tools = (): Tools => {
    const backend = createBackend({
      site: siteFrom({ wikiUrl: wiki.url, articlePath: wiki.articlePath, apiPath: '/api.php' }),
      source: { cacheTtl: 0, onRequest: (event) => requests.push(`${event.action}:${event.key}`) },
    })
    return Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
  }

  /** The wikitext of a revision as the API's revisions module reports it (not parse). */
  const apiWikitext = async (revid: number): Promise<string> => {
    const answer = (await wiki.api({
      action: 'query',
      prop: 'revisions',
      revids: String(revid),
      rvprop: 'content',
      rvslots: 'main',
      formatversion: '2',
    })) as Json
    return answer.query.pages[0].revisions[0].slots.main.content as string
  }

  beforeAll(async () => {
    wiki = await startMediaWiki()
    // Debian's settings give administrators no revision deletion; this private wiki may.
    appendFileSync(
      join(wiki.dir, 'LocalSettings.php'),
      "\n$wgGroupPermissions['sysop']['deleterevision'] = true;\n",
    )
    const admin = await adminSession(wiki)
    // Two users take turns: anonymous (127.0.0.1) for even steps, Admin for odd ones.
    for (const [step, text] of TEXTS.entries()) {
      revids.push(
        step % 2 === 0
          ? await wiki.edit(TITLE, text, `step ${step}`)
          : await admin.edit(TITLE, text, `step ${step} by admin`, step === 3),
      )
    }
    await admin.hide(TITLE, revids[1] as number, 'user|comment')
    await admin.hide(TITLE, revids[4] as number, 'content')
    await wiki.edit('Boot history alias', `#REDIRECT [[${TITLE}]]`)
    otherRevid = await wiki.edit('Other page', 'Another page.\n')
    deletedRevid = await admin.edit('Doomed page', 'Soon gone.\n', 'create')
    await admin.remove('Doomed page')
  })

  afterAll(async () => {
    await wiki?.stop()
  })

  it('history equals the API’s revision list, page by page, one request per call', async () => {
    const expected = (await wiki.api({
      action: 'query',
      prop: 'revisions',
      titles: TITLE,
      rvprop: 'ids|timestamp|user|comment|size|flags|tags|sha1',
      rvlimit: '50',
      formatversion: '2',
    })) as Json
    const apiRevisions = expected.query.pages[0].revisions as Json[]
    expect(apiRevisions.map((r) => r.revid)).toEqual([...revids].reverse())

    const t = tools()
    const seen: Json[] = []
    let token: string | null | undefined
    let calls = 0
    do {
      requests = []
      const answer = await callTool(t.history!, {
        title_or_url: TITLE,
        limit: 2,
        ...(token ? { continue: token } : {}),
      })
      expect(requests).toHaveLength(1)
      calls++
      expect(answer).toMatchObject({ title: TITLE, redirected_from: null })
      seen.push(...(answer.revisions as Json[]))
      token = answer.continue as string | null
    } while (token !== null)
    expect(calls).toBe(3)
    expect(seen).toEqual(
      apiRevisions.map((r) => ({
        revid: r.revid,
        parentid: r.parentid,
        timestamp: r.timestamp,
        user: r.userhidden ? null : r.user,
        user_hidden: r.userhidden === true,
        comment: r.commenthidden ? null : r.comment,
        comment_hidden: r.commenthidden === true,
        text_hidden: r.sha1hidden === true,
        size: r.size,
        minor: r.minor,
        tags: r.tags,
        revision_url: `${wiki.url}/index.php?oldid=${r.revid}`,
      })),
    )
    // What this test wrote: two users, the hidden user and comment, the hidden text, a minor edit.
    const byRevid = new Map(seen.map((r) => [r.revid as number, r]))
    expect(byRevid.get(revids[0]!)).toMatchObject({ user: '127.0.0.1', comment: 'step 0' })
    expect(byRevid.get(revids[1]!)).toMatchObject({ user: null, user_hidden: true, comment: null })
    expect(byRevid.get(revids[3]!)).toMatchObject({ user: 'Admin', minor: true })
    expect(byRevid.get(revids[4]!)).toMatchObject({ text_hidden: true, user: '127.0.0.1' })
    expect(JSON.stringify(seen)).not.toMatch(/hash/i)

    // Through a redirect, and a missing page.
    expect(
      await callTool(t.history!, { title_or_url: 'Boot history alias', limit: 1 }),
    ).toMatchObject({
      title: TITLE,
      redirected_from: 'Boot history alias',
    })
    expect(await failureCode(t.history!, { title_or_url: 'No such page here' })).toBe(
      'page_not_found',
    )
    expect(await failureCode(t.history!, { title_or_url: TITLE, continue: 'x|y&z=1' })).toBe(
      'invalid_arguments',
    )
  })

  it('page, section, commands, warnings and links at each readable revision equal the API’s text', async () => {
    const t = tools()
    for (const [step, revid] of revids.entries()) {
      if (step === 4) continue // hidden text: next test
      const wikitext = await apiWikitext(revid)
      expect(wikitext).toBe(TEXTS[step]!.replace(/\n$/, '')) // MediaWiki trims the end
      requests = []
      const page = await callTool(t.page!, { title_or_url: TITLE, revid })
      expect(requests).toEqual([`parse:oldid_${revid}`])
      expect(page).toMatchObject({
        title: TITLE,
        revid,
        wikitext,
        wikitext_hash: sha256(wikitext),
        revision_url: `${wiki.url}/index.php?oldid=${revid}`,
        revision_wikitext_url: `${wiki.url}/api.php?action=parse&oldid=${revid}&prop=wikitext&format=json`,
      })
      expect(await callTool(t.verify!, { evidence: page })).toMatchObject({ reproduced: true })

      const anchor = step < 2 ? 'Install' : 'Installation'
      const section = await callTool(t.section!, { title_or_url: TITLE, anchor, revid })
      const heading = wikitext.indexOf(`== ${anchor} ==`)
      const raw = wikitext.slice(heading, wikitext.indexOf('== Usage =='))
      expect(section).toMatchObject({
        revid,
        content_raw: raw,
        content_hash: sha256(raw),
        revision_url: `${wiki.url}/index.php?oldid=${revid}#${anchor}`,
      })
      expect(await callTool(t.verify!, { evidence: section })).toMatchObject({ reproduced: true })

      const commands = await callTool(t.commands!, { title_or_url: TITLE, revid })
      const blocks = [...wikitext.matchAll(/\{\{bc\|([^}]*)\}\}/g)].map((m) => m[1])
      expect((commands.commands as Json[]).map((c) => c.content_raw)).toEqual(blocks)
      for (const command of commands.commands as Json[]) {
        expect(command).toMatchObject({
          revid,
          content_hash: sha256(command.content_raw as string),
        })
        expect(await callTool(t.verify!, { evidence: command })).toMatchObject({ reproduced: true })
      }

      const warnings = await callTool(t.warnings!, { title_or_url: TITLE, revid })
      const admonitions = [...wikitext.matchAll(/\{\{(?:Note|Warning)\|([^}]*)\}\}/g)].map(
        (m) => m[1],
      )
      expect((warnings.warnings as Json[]).map((w) => w.message_raw)).toEqual(admonitions)
      for (const warning of warnings.warnings as Json[]) {
        expect(await callTool(t.verify!, { evidence: warning })).toMatchObject({ reproduced: true })
      }

      const links = await callTool(t.links!, { title_or_url: TITLE, revid })
      const targets = [...wikitext.matchAll(/\[\[([^\]|]*)\]\]/g)].map((m) => m[1])
      expect((links.links as Json[]).map((l) => l.target_page)).toEqual(targets)
      expect((links.links as Json[]).every((l) => l.revid === revid)).toBe(true)
    }
  })

  it('a revid of another page, a deleted or a hidden revision fails closed', async () => {
    const t = tools()
    for (const name of ['page', 'commands', 'warnings', 'links']) {
      expect(await failureCode(t[name]!, { title_or_url: TITLE, revid: otherRevid })).toBe(
        'invalid_arguments',
      )
      expect(await failureCode(t[name]!, { title_or_url: TITLE, revid: deletedRevid })).toBe(
        'page_not_found',
      )
      expect(await failureCode(t[name]!, { title_or_url: TITLE, revid: revids[4] })).toBe(
        'evidence_unresolvable',
      )
    }
    expect(
      await failureCode(t.section!, { title_or_url: TITLE, anchor: 'Usage', revid: otherRevid }),
    ).toBe('invalid_arguments')
    expect(await failureCode(t.verify!, { revid: revids[4], content_raw: 'secret' })).toBe(
      'evidence_unresolvable',
    )
    // The same page under another spelling or through a redirect is accepted.
    const viaAlias = await callTool(t.page!, {
      title_or_url: 'Boot history alias',
      revid: revids[0],
    })
    expect(viaAlias).toMatchObject({ revid: revids[0], redirected_from: 'Boot history alias' })
    const viaUrl = await callTool(t.page!, {
      title_or_url: `${wiki.url}/index.php/Boot_history`,
      revid: revids[0],
    })
    expect(viaUrl.revid).toBe(revids[0])
  })

  it('diff applied to the old wikitext gives the new one; both hashes are the API texts’', async () => {
    const t = tools()
    const readable = revids.filter((_, step) => step !== 4)
    for (const from of readable) {
      for (const to of [...readable, undefined]) {
        requests = []
        const answer = await callTool(t.diff!, {
          title_or_url: TITLE,
          from,
          ...(to === undefined ? {} : { to }),
        })
        expect(requests.length).toBeLessThanOrEqual(2)
        const toRevid = to ?? revids.at(-1)!
        const before = await apiWikitext(from)
        const after = await apiWikitext(toRevid)
        expect(answer).toMatchObject({
          title: TITLE,
          from_revid: from,
          to_revid: toRevid,
          from_wikitext_hash: sha256(before),
          to_wikitext_hash: sha256(after),
          from_content_hash: sha256(before),
          to_content_hash: sha256(after),
          identical: before === after,
          from_revision_url: `${wiki.url}/index.php?oldid=${from}`,
        })
        expect(applyUnifiedDiff(before, answer.diff as string)).toBe(after)
        // And back: the reverse diff undoes it.
        const back = await callTool(t.diff!, { title_or_url: TITLE, from: toRevid, to: from })
        expect(applyUnifiedDiff(after, back.diff as string)).toBe(before)
      }
    }
  })

  it('diff of one section; a renamed section is not found at the revision that lacks it', async () => {
    const t = tools()
    const usage = await callTool(t.diff!, {
      title_or_url: TITLE,
      from: revids[0],
      anchor: 'Usage',
    })
    const sliceOf = (text: string) => text.slice(text.indexOf('== Usage =='))
    const before = sliceOf(await apiWikitext(revids[0]!))
    const after = sliceOf(await apiWikitext(revids.at(-1)!))
    expect(usage).toMatchObject({
      section_anchor: 'Usage',
      from_content_hash: sha256(before),
      to_content_hash: sha256(after),
      to_revision_url: `${wiki.url}/index.php?oldid=${revids.at(-1)}#Usage`,
    })
    expect(applyUnifiedDiff(before, usage.diff as string)).toBe(after)

    const install = await callTool(t.diff!, {
      title_or_url: TITLE,
      from: revids[0],
      to: revids[1],
      anchor: 'Install',
    })
    expect(install.diff).toContain('+{{bc|# pacman -S two}}')
    expect(
      await failureCode(t.diff!, {
        title_or_url: TITLE,
        from: revids[1],
        to: revids[2],
        anchor: 'Install',
      }),
    ).toBe('section_not_found')
    expect(await failureCode(t.diff!, { title_or_url: TITLE, from: otherRevid })).toBe(
      'invalid_arguments',
    )
    expect(await failureCode(t.diff!, { title_or_url: TITLE, from: revids[4] })).toBe(
      'evidence_unresolvable',
    )
  })
})
