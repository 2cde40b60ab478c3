#!/usr/bin/env node
// A faithful fake of AhaWiki's REST API /api/v1 for tests and demos, on plain node:http.
// It follows AhaWiki's behaviour (routes, check orders, clamping, ordering, fields, keys,
// permissions, clock) and adds controls for tests. Page texts here are our own sample text.
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'

export const DEMO_KEY = 'demo-key-not-a-secret'

const ACTION = {
  None: 0,
  Read: 1,
  Edit: 2,
  Create: 4,
  Rename: 8,
  Upload: 16,
  Delete: 32,
  Admin: 255,
}
const TARGET_LEVEL = { All: 1, StartsWith: 2, EndsWith: 2, RegularExpression: 2, Exact: 3 }
const ACTOR_LEVEL = { All: 1, Login: 2, Domain: 2, Exact: 3 }
const DEFAULT_PERMISSIONS = [{ targetType: 'All', actorType: 'Login', action: ACTION.Admin }]
const KST_OFFSET_MS = 9 * 60 * 60 * 1000
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/

/** JSON as AhaWiki (Jackson's pretty printer) writes it: two-space indent, `"key" : value`. */
export function ahaJson(value) {
  return JSON.stringify(value, null, 2).replace(/^(\s*"(?:[^"\\]|\\.)*"): /gm, '$1 : ')
}

/** KST local date-time for an epoch-ms instant; `withMillis` adds `.SSS` when they are non-zero. */
export function kstDateTime(epochMs, withMillis = false) {
  const iso = new Date(epochMs + KST_OFFSET_MS).toISOString() // YYYY-MM-DDTHH:mm:ss.SSSZ
  const ms = epochMs % 1000
  const seconds = Math.floor(epochMs / 1000) % 60
  if (withMillis && ms !== 0) return iso.slice(0, 23)
  if (seconds === 0) return iso.slice(0, 16)
  return iso.slice(0, 19)
}

/** Epoch ms of a KST local date-time (what Java's LocalDateTime.parse accepts), or undefined. */
export function parseKst(text) {
  const m = LOCAL_DATE_TIME.exec(text)
  if (!m) return undefined
  const [, y, mo, d, h, mi, s = '0', f = ''] = m
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, Number(f.padEnd(3, '0').slice(0, 3)))
  const check = new Date(utc)
  if (
    check.getUTCDate() !== +d ||
    check.getUTCMonth() !== +mo - 1 ||
    +h > 23 ||
    +mi > 59 ||
    +s > 59
  ) {
    return undefined
  }
  return utc - KST_OFFSET_MS
}

const contentHash = (text) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`

/** Code-point order, as the server's collation gives it (JS `<` compares UTF-16 units). */
function byCodePoint(a, b) {
  const x = Array.from(a)
  const y = Array.from(b)
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0)
    if (d !== 0) return d
  }
  return x.length - y.length
}

/** `name LIKE '<prefix>%'`, case-sensitive, with `%` and `_` left as wildcards (AhaWiki does). */
function likePrefix(prefix) {
  let source = '^'
  for (const ch of prefix) {
    if (ch === '%') source += '[\\s\\S]*'
    else if (ch === '_') source += '[\\s\\S]'
    else source += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`${source}[\\s\\S]*$`, 'u')
}

function clampInt(raw, fallback, min, max) {
  if (raw === null || raw === undefined || raw === '') return fallback
  const n = Number.parseInt(raw, 10)
  if (Number.isNaN(n)) return fallback
  return Math.min(max, Math.max(min, n))
}

/** A search snippet as AhaWiki builds it: hit lines with 3 lines of context, merged ranges, `…` between blocks. */
export function searchSnippet(body, q) {
  const needle = q.toLowerCase()
  const lines = body
    .split('\n')
    .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
    .filter((line) => line !== '')
  const hits = []
  lines.forEach((line, i) => {
    if (line.toLowerCase().includes(needle)) hits.push(i)
  })
  const shown = hits.slice(0, 20)
  const ranges = []
  for (const i of shown) {
    const start = Math.max(0, i - 3)
    const end = Math.min(lines.length - 1, i + 3)
    const last = ranges.at(-1)
    if (last && start <= last.end + 1) last.end = Math.max(last.end, end)
    else ranges.push({ start, end })
  }
  const snippet = ranges.map((r) => lines.slice(r.start, r.end + 1).join('\n')).join('\n…\n')
  return { snippet, hitLinesNotShown: hits.length - shown.length }
}

function targetMatches(row, name) {
  switch (row.targetType) {
    case 'All':
      return true
    case 'Exact':
      return name === row.target
    case 'StartsWith':
      return name.startsWith(row.target)
    case 'EndsWith':
      return name.endsWith(row.target)
    case 'RegularExpression':
      return new RegExp(`^(?:${row.target})$`, 'u').test(name)
    default:
      return false
  }
}

function actorMatches(row, email) {
  switch (row.actorType) {
    case 'All':
      return true
    case 'Login':
      return email !== undefined
    case 'Exact':
      return email === row.actor
    case 'Domain':
      return email !== undefined && email.endsWith(row.actor)
    default:
      return false
  }
}

/** AhaWiki's rule: the most specific matching row wins; no matching row means denied. */
export function permitted(rows, name, email, needed) {
  const candidates = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => targetMatches(row, name) && actorMatches(row, email))
  if (candidates.length === 0) return false
  candidates.sort(
    (a, b) =>
      TARGET_LEVEL[b.row.targetType] +
        ACTOR_LEVEL[b.row.actorType] -
        (TARGET_LEVEL[a.row.targetType] + ACTOR_LEVEL[a.row.actorType]) ||
      (b.row.target ?? '').length - (a.row.target ?? '').length ||
      (b.row.actor ?? '').length - (a.row.actor ?? '').length ||
      a.index - b.index,
  )
  return candidates[0].row.action >= needed
}

const NOT_FOUND_HTML =
  '<!DOCTYPE html><html><head><title>Action Not Found</title></head><body><h1>Action Not Found</h1></body></html>'

/**
 * Starts a fake AhaWiki on 127.0.0.1 (ephemeral port unless `port` is given).
 * See fake-ahawiki.d.mts for the options and controls.
 */
export async function startFakeAhaWiki(options = {}) {
  const now = options.now ?? (() => Date.now())
  const keys = new Map()
  for (const k of options.keys ?? [
    { key: DEMO_KEY, userEmail: 'agent@example.test', name: 'demo' },
  ]) {
    keys.set(k.key, { ...k })
  }
  let permissions = options.permissions ?? DEFAULT_PERMISSIONS
  let searchAvailable = options.search !== false
  const pages = new Map() // name → revisions (oldest first)
  const requests = []
  const injections = []
  let saveHooks = []

  const stamp = () => Math.floor(now() / 1000) * 1000

  for (const seed of options.pages ?? []) {
    const list = seed.revisions ?? [{ text: seed.text ?? '' }]
    pages.set(
      seed.name,
      list.map((r, i) => ({
        revision: i + 1,
        text: r.text,
        time:
          typeof r.dateTime === 'string'
            ? parseKst(r.dateTime)
            : typeof r.dateTime === 'number'
              ? r.dateTime
              : stamp(),
        comment: r.comment ?? '',
        minorEdit: r.minorEdit ?? false,
        viaApi: r.viaApi ?? false,
        key: undefined,
        keyName: r.keyName ?? null,
      })),
    )
  }

  const latest = (name) => pages.get(name)?.at(-1)
  const keyNameOf = (rev) =>
    rev.key !== undefined ? (keys.get(rev.key)?.name ?? null) : rev.keyName
  const canRead = (name, user) => permitted(permissions, name, user.userEmail, ACTION.Read)

  function addRevision(name, fields) {
    const list = pages.get(name) ?? []
    const rev = { revision: (list.at(-1)?.revision ?? 0) + 1, ...fields }
    list.push(rev)
    pages.set(name, list)
    return rev
  }

  function send(res, entry, status, body, contentType = 'application/json') {
    entry.status = status
    const text = typeof body === 'string' ? body : ahaJson(body)
    res.writeHead(status, { 'content-type': `${contentType}; charset=utf-8` })
    res.end(text)
  }
  const error = (res, entry, status, message, extra = {}) =>
    send(res, entry, status, { error: message, ...extra })
  const notFoundHtml = (res, entry) => send(res, entry, 404, NOT_FOUND_HTML, 'text/html')

  function authenticate(req) {
    const m = /^bearer\s+(.*)$/i.exec(req.headers.authorization ?? '')
    if (!m) return undefined
    const key = keys.get(m[1].trim())
    return key && !key.revoked ? key : undefined
  }

  function routeOf(method, path) {
    if (path.startsWith('/api/v1/page/') && path.length > '/api/v1/page/'.length) {
      if (method === 'GET') return 'page'
      if (method === 'POST') return 'save'
      return undefined
    }
    if (method !== 'GET') return undefined
    if (path === '/api/v1/pages') return 'pages'
    if (path === '/api/v1/changes') return 'changes'
    if (path === '/api/v1/search' && searchAvailable) return 'search'
    return undefined
  }

  function pageRead(res, entry, user, name) {
    const rev = latest(name)
    if (!rev) return error(res, entry, 404, 'Page not found.')
    if (!canRead(name, user)) return error(res, entry, 403, 'Permission denied.')
    send(res, entry, 200, {
      name,
      revision: rev.revision,
      content: rev.text,
      dateTime: kstDateTime(rev.time),
      isMinorEdit: rev.minorEdit,
      viaApi: rev.viaApi,
      userApiKeyName: keyNameOf(rev),
      contentHash: contentHash(rev.text),
    })
  }

  function pageList(res, entry, user, query) {
    const prefix = (query.get('prefix') ?? '').trim()
    const limit = clampInt(query.get('limit'), 5000, 1, 5000)
    const like = prefix === '' ? undefined : likePrefix(prefix)
    const names = [...pages.keys()].filter((n) => !like || like.test(n)).sort(byCodePoint)
    // The limit applies before unreadable pages are dropped, as AhaWiki's query does.
    const rows = names
      .slice(0, limit)
      .filter((n) => canRead(n, user))
      .map((name) => {
        const rev = latest(name)
        return {
          name,
          revision: rev.revision,
          dateTime: kstDateTime(rev.time),
          isMinorEdit: rev.minorEdit,
          viaApi: rev.viaApi,
          userApiKeyName: keyNameOf(rev),
          size: rev.text.length,
          contentHash: contentHash(rev.text),
        }
      })
    send(res, entry, 200, { pages: rows })
  }

  function changeList(res, entry, user, query) {
    const name = query.get('name')
    const prefix = (query.get('prefix') ?? '').trim()
    const sinceRaw = query.get('since')
    let since
    if (sinceRaw !== null && sinceRaw !== '') {
      since = parseKst(sinceRaw)
      if (since === undefined)
        return error(res, entry, 400, 'since must be an ISO-8601 local date-time.')
    }
    const afterRevision = clampInt(query.get('afterRevision'), 0, 0, Number.MAX_SAFE_INTEGER)
    if (afterRevision > 0 && (name === null || name === '')) {
      return error(res, entry, 400, 'afterRevision requires name because revisions are page-local.')
    }
    const includeMinor = query.get('includeMinorEdit') !== '0'
    const includeViaApi = query.get('includeViaApi') !== '0'
    const limit = clampInt(query.get('limit'), 100, 1, 1000)
    const like = prefix === '' ? undefined : likePrefix(prefix)
    const rows = []
    for (const [pageName, revs] of pages) {
      if (name !== null && name !== '' && pageName !== name) continue
      if (like && !like.test(pageName)) continue
      for (const rev of revs) {
        if (since !== undefined && rev.time < since) continue
        if (rev.revision <= afterRevision) continue
        if (!includeMinor && rev.minorEdit) continue
        if (!includeViaApi && rev.viaApi) continue
        rows.push({ name: pageName, rev })
      }
    }
    rows.sort(
      (a, b) =>
        b.rev.time - a.rev.time || b.rev.revision - a.rev.revision || byCodePoint(a.name, b.name),
    )
    const changes = []
    for (const { name: pageName, rev } of rows) {
      if (changes.length >= limit) break
      if (!canRead(pageName, user)) continue // skipped; scanning goes on
      changes.push({
        name: pageName,
        revision: rev.revision,
        dateTime: kstDateTime(rev.time),
        comment: rev.comment,
        isMinorEdit: rev.minorEdit,
        viaApi: rev.viaApi,
        userApiKeyName: keyNameOf(rev),
      })
    }
    send(res, entry, 200, { changes })
  }

  function search(res, entry, user, query) {
    const q = (query.get('q') ?? '').trim()
    if (q === '') return error(res, entry, 400, 'q is required.')
    const limit = clampInt(query.get('limit'), 20, 1, 100)
    const needle = q.toLowerCase()
    const candidates = []
    for (const [name, revs] of pages) {
      const rev = revs.at(-1)
      const matchedName = name.toLowerCase().includes(needle)
      if (matchedName || rev.text.toLowerCase().includes(needle))
        candidates.push({ name, rev, matchedName })
    }
    candidates.sort(
      (a, b) =>
        Number(b.name === q) - Number(a.name === q) ||
        b.rev.time - a.rev.time ||
        byCodePoint(a.name, b.name),
    )
    const moreThanShown = candidates.length > limit
    const results = candidates
      .slice(0, limit)
      .filter((c) => canRead(c.name, user))
      .map(({ name, rev, matchedName }) => ({
        name,
        revision: rev.revision,
        dateTime: kstDateTime(rev.time),
        matchedName,
        ...searchSnippet(rev.text, q),
      }))
    send(res, entry, 200, { results, moreThanShown })
  }

  async function save(res, entry, user, name, rawBody) {
    let body
    try {
      body = JSON.parse(rawBody)
    } catch {
      body = undefined
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return error(res, entry, 400, 'JSON body is required.')
    }
    if (!Number.isSafeInteger(body.revision)) return error(res, entry, 400, 'revision is required.')
    if (typeof body.text !== 'string') return error(res, entry, 400, 'text is required.')
    const hooks = saveHooks
    saveHooks = []
    for (const hook of hooks) await hook(name)
    const current = latest(name)
    const latestRevision = current?.revision ?? 0
    const latestText = current?.text ?? ''
    const needed = current ? ACTION.Edit : ACTION.Create
    if (!permitted(permissions, name, user.userEmail, needed)) {
      return error(res, entry, 403, 'Permission denied.')
    }
    if (body.revision !== latestRevision) {
      return error(res, entry, 409, 'revision != latestRevision', { latestRevision })
    }
    if (body.text === latestText) return error(res, entry, 400, 'text == latestText')
    const at = now()
    const rev = addRevision(name, {
      text: body.text,
      time: Math.floor(at / 1000) * 1000, // stored rows keep whole seconds
      comment: typeof body.comment === 'string' ? body.comment : '',
      minorEdit: body.minorEdit === true,
      viaApi: true,
      key: user.key,
      keyName: null,
    })
    send(res, entry, 200, { name, revision: rev.revision, dateTime: kstDateTime(at, true) })
  }

  async function handle(req, res) {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const rawBody = Buffer.concat(chunks).toString('utf8')
    const rawUrl = req.url ?? '/'
    const queryIndex = rawUrl.indexOf('?')
    const path = queryIndex === -1 ? rawUrl : rawUrl.slice(0, queryIndex)
    const query = new URLSearchParams(queryIndex === -1 ? '' : rawUrl.slice(queryIndex + 1))
    const entry = {
      method: req.method,
      path: rawUrl,
      name: undefined,
      query: Object.fromEntries(query),
      headers: { ...req.headers },
      body: rawBody,
      status: undefined,
    }
    requests.push(entry)

    const injection = injections.find(
      (i) =>
        i.times > 0 &&
        (i.path === undefined || path.startsWith(i.path)) &&
        (i.method === undefined || i.method === req.method),
    )
    if (injection) {
      injection.times--
      if (injection.delayMs) await new Promise((r) => setTimeout(r, injection.delayMs))
      if (injection.destroy) {
        entry.status = 'reset'
        req.socket.destroy()
        return
      }
      entry.status = injection.status ?? 200
      const body =
        injection.body === undefined || typeof injection.body === 'string'
          ? (injection.body ?? '')
          : ahaJson(injection.body)
      res.writeHead(entry.status, {
        'content-type': injection.contentType ?? 'application/json; charset=utf-8',
        ...injection.headers,
      })
      res.end(body)
      return
    }

    const route = routeOf(req.method, path)
    // Play's router answers unknown routes before any action (and so before auth) with HTML.
    if (!route) return notFoundHtml(res, entry)
    const user = authenticate(req)
    if (!user) return error(res, entry, 401, 'API key is required or invalid.')
    // AhaWiki picks the site by Host: another host name sees an empty wiki.
    const hostName = (req.headers.host ?? '').replace(/:\d+$/, '')
    const site = options.siteHost === undefined || hostName === options.siteHost
    if (!site && route !== 'save') {
      if (route === 'page') return error(res, entry, 404, 'Page not found.')
      if (route === 'pages') return send(res, entry, 200, { pages: [] })
      if (route === 'changes') return send(res, entry, 200, { changes: [] })
      return send(res, entry, 200, { results: [], moreThanShown: false })
    }
    if (route === 'page' || route === 'save') {
      let name
      try {
        // AhaWiki turns a literal `+` into %2B before decoding, so `+` stays a plus.
        name = decodeURIComponent(path.slice('/api/v1/page/'.length).replaceAll('+', '%2B'))
      } catch {
        return error(res, entry, 400, 'Malformed page name.')
      }
      entry.name = name
      if (route === 'page') return pageRead(res, entry, user, name)
      return save(res, entry, user, name, rawBody)
    }
    if (route === 'pages') return pageList(res, entry, user, query)
    if (route === 'changes') return changeList(res, entry, user, query)
    return search(res, entry, user, query)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(`fake AhaWiki failed: ${err?.message ?? err}`)
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address()
  const url = `http://127.0.0.1:${port}`

  const close = () =>
    new Promise((resolve) => {
      server.closeAllConnections?.()
      server.close(() => resolve())
    })

  return {
    url,
    baseUrl: url,
    port,
    requests,
    requestLog: requests,
    bumpRevision(name, edit = {}) {
      const current = latest(name)
      return addRevision(name, {
        text: edit.text ?? `${current?.text ?? ''}\nEdited on the web by someone else.`,
        time: stamp(),
        comment: edit.comment ?? 'web edit',
        minorEdit: false,
        viaApi: false,
        key: undefined,
        keyName: null,
      }).revision
    },
    beforeNextSave(fn) {
      saveHooks.push(fn)
    },
    setSearchAvailable(available) {
      searchAvailable = available
    },
    revokeKey(key) {
      const k = keys.get(key)
      if (k) k.revoked = true
    },
    setPermissions(rows) {
      permissions = rows
    },
    inject(spec) {
      injections.push({ ...spec, times: spec.times ?? 1 })
    },
    revisions(name) {
      return (pages.get(name) ?? []).map((r) => ({
        revision: r.revision,
        text: r.text,
        dateTime: kstDateTime(r.time),
        comment: r.comment,
        minorEdit: r.minorEdit,
        viaApi: r.viaApi,
        keyName: keyNameOf(r),
      }))
    },
    close,
    stop: close,
  }
}

/** Sample pages for demos: Korean and English, names with space, `/` and `+`, one hidden page. */
export function demoPages() {
  const manyHits = Array.from({ length: 30 }, (_, i) =>
    i % 2 === 0 ? `Step ${i + 1}: deploy the service` : `Note ${i + 1}: nothing to see`,
  ).join('\n')
  return [
    {
      name: 'FrontPage',
      text: '= Welcome\nThis is a small sample wiki for trying ahawiki-mcp.\nSee [Dev/Api] and [C++ Notes].',
    },
    {
      name: 'Dev/Api',
      revisions: [
        {
          text: '= API\nThe REST API lives under /api/v1.',
          dateTime: '2026-06-20T09:00',
          comment: 'first draft',
        },
        {
          text: '= API\nThe REST API lives under /api/v1.\nEvery request carries a bearer key.',
          dateTime: '2026-06-24T10:00:05',
          comment: 'auth note',
          minorEdit: true,
          viaApi: true,
          keyName: 'docs-bot',
        },
      ],
    },
    { name: 'C++ Notes', text: 'Prefer RAII.\nKeep headers small.\ndeploy with care' },
    { name: 'Meeting notes 2026', text: 'Agenda: deploy plan\nActions: write the runbook' },
    {
      name: '위키 사용법',
      text: '= 위키 사용법\n페이지를 읽고 고치는 방법을 적습니다.\n저장할 때는 요약을 남깁니다.',
    },
    { name: 'Runbook', text: manyHits },
    { name: 'Secret/Plans', text: 'Hidden from the demo key: deploy plans.' },
  ]
}

/** Permissions for the demo: everyone logged in is Admin, except nobody may read Secret/. */
export const DEMO_PERMISSIONS = [
  { targetType: 'All', actorType: 'Login', action: ACTION.Admin },
  { targetType: 'StartsWith', target: 'Secret/', actorType: 'Login', action: ACTION.None },
]

async function main(argv) {
  const portIndex = argv.indexOf('--port')
  const port = portIndex === -1 ? 0 : Number(argv[portIndex + 1])
  const seed = argv.includes('--seed')
  const fake = await startFakeAhaWiki({
    port,
    ...(seed ? { pages: demoPages(), permissions: DEMO_PERMISSIONS } : {}),
  })
  process.stderr.write(
    `fake AhaWiki listening\nAHAWIKI_BASE_URL=${fake.url}\nAHAWIKI_API_KEY=${DEMO_KEY}\n`,
  )
  const stop = () => {
    fake.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2))
}
