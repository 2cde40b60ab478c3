import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where Debian's `mediawiki` package puts the code. */
const DEBIAN_MEDIAWIKI = '/usr/share/mediawiki'

/** Extensions the tests rely on, loaded when the Debian package ships them. */
const WANTED_EXTENSIONS = ['Cite', 'ParserFunctions', 'SyntaxHighlight_GeSHi']

export const MEDIAWIKI_ADMIN = { user: 'Admin', password: 'Local-test-wiki-1' } as const

export interface StartMediaWikiOptions {
  /** MediaWiki's code folder; default Debian's `/usr/share/mediawiki`. */
  readonly installPath?: string
  /** How long to wait for `api.php` to answer, in ms (default 30 000). */
  readonly readyTimeout?: number
}

export interface LocalMediaWiki {
  /** `http://127.0.0.1:<port>`: the wiki's base, without a trailing slash. */
  readonly url: string
  /** `<url>/api.php` */
  readonly apiUrl: string
  /** The article path relative to `url`: `/index.php/$1`. */
  readonly articlePath: string
  /** The private folder holding LocalSettings.php, the SQLite files and the server log. */
  readonly dir: string
  /** The extensions that were loaded (the wanted ones the installation ships). */
  readonly extensions: readonly string[]
  /** Saves `text` as the current revision of `title` through the API; returns the new revid. */
  edit(title: string, text: string, summary?: string): Promise<number>
  /** Calls api.php with GET and `format=json`, returning the parsed body. */
  api(params: Readonly<Record<string, string>>): Promise<unknown>
  /** Stops the server by its process id and deletes `dir`. Safe to call twice. */
  stop(): Promise<void>
}

/** True when this machine can run `startMediaWiki()` (Debian's mediawiki and php-cli). */
export function mediaWikiAvailable(installPath: string = DEBIAN_MEDIAWIKI): boolean {
  if (!existsSync(join(installPath, 'maintenance/install.php'))) return false
  return spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0
}

/**
 * Installs a fresh MediaWiki (SQLite) in a temporary folder and serves it with `php -S` on a free
 * port of 127.0.0.1.
 *
 * The code is not copied: Debian's tree is 280 MB and its `LocalSettings.php` is a symlink into
 * /etc. Instead `install.php --confpath` writes a private LocalSettings.php beside the private
 * database, and `MW_CONFIG_FILE` points every PHP process at it. That keeps a start near two
 * seconds, so each test file can afford its own wiki.
 */
export async function startMediaWiki(options?: StartMediaWikiOptions): Promise<LocalMediaWiki> {
  const installPath = options?.installPath ?? DEBIAN_MEDIAWIKI
  if (!existsSync(join(installPath, 'maintenance/install.php'))) {
    throw new Error(
      `startMediaWiki: no MediaWiki at ${installPath} (expected maintenance/install.php); install Debian's mediawiki and php-cli, php-sqlite3, php-mbstring, php-xml, php-intl`,
    )
  }
  const dir = mkdtempSync(join(tmpdir(), 'wiki-mcp-mediawiki-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const settings = join(dir, 'LocalSettings.php')
  const env = { ...process.env, MW_CONFIG_FILE: settings, MW_INSTALL_PATH: installPath }
  const extensions = WANTED_EXTENSIONS.filter((name) =>
    existsSync(join(installPath, 'extensions', name, 'extension.json')),
  )

  try {
    const install = spawnSync(
      'php',
      [
        'maintenance/install.php',
        '--quiet',
        '--dbtype=sqlite',
        `--dbpath=${join(dir, 'data')}`,
        '--dbname=wiki',
        `--confpath=${dir}`,
        `--server=${url}`,
        '--scriptpath=',
        `--pass=${MEDIAWIKI_ADMIN.password}`,
        '--skins=Vector',
        ...(extensions.length > 0 ? [`--extensions=${extensions.join(',')}`] : []),
        'LocalTestWiki',
        MEDIAWIKI_ADMIN.user,
      ],
      { cwd: installPath, env, encoding: 'utf8', timeout: 120_000 },
    )
    if (install.status !== 0 || !existsSync(settings)) {
      throw new Error(
        `startMediaWiki: install.php exited with ${String(install.status)}: ${tail(install.stderr)}${tail(install.stdout)}`,
      )
    }
    for (const sub of ['cache', 'images', 'tmp']) mkdirSync(join(dir, sub))
    appendFileSync(
      settings,
      [
        '',
        '# Added by startMediaWiki(): a private, quiet wiki for tests.',
        `$wgArticlePath = "/index.php/$1";`,
        `$wgCacheDirectory = ${phpString(join(dir, 'cache'))};`,
        `$wgUploadDirectory = ${phpString(join(dir, 'images'))};`,
        `$wgTmpDirectory = ${phpString(join(dir, 'tmp'))};`,
        '$wgEnableUploads = false;',
        // Tests edit quickly and anonymously; the default limits would refuse the 9th edit.
        '$wgRateLimits = [];',
        "$wgGroupPermissions['*']['noratelimit'] = true;",
        '$wgShowExceptionDetails = true;',
        // Run queued jobs (links tables, search index) within the request that queued them.
        '$wgJobRunRate = 1;',
        '',
      ].join('\n'),
    )
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }

  const server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', installPath], {
    cwd: installPath,
    env: { ...env, PHP_CLI_SERVER_WORKERS: '2' },
    detached: true,
    stdio: 'ignore',
  })
  const pid = server.pid
  let exited = false
  server.on('exit', () => {
    exited = true
  })
  server.unref()

  let stopped = false
  const stop = async (): Promise<void> => {
    if (stopped) return
    stopped = true
    if (pid !== undefined && !exited) {
      const gone = new Promise<void>((resolve) => server.once('exit', () => resolve()))
      // The server forks workers: signal the whole process group it leads.
      killGroup(pid, 'SIGTERM')
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 3000)
      await gone
      clearTimeout(timer)
    }
    rmSync(dir, { recursive: true, force: true })
  }

  const apiUrl = `${url}/api.php`
  const api = async (params: Readonly<Record<string, string>>): Promise<unknown> => {
    const query = new URLSearchParams({ ...params, format: 'json' }).toString()
    const response = await fetch(`${apiUrl}?${query}`)
    if (!response.ok) throw new Error(`api.php answered HTTP ${response.status}`)
    return response.json()
  }

  try {
    await waitForApi(apiUrl, options?.readyTimeout ?? 30_000, () => exited)
  } catch (error) {
    await stop()
    throw error
  }

  const edit = async (title: string, text: string, summary = 'test edit'): Promise<number> => {
    // Anonymous editors share the fixed CSRF token "+\"; no login round trip is needed.
    const body = new URLSearchParams({
      action: 'edit',
      title,
      text,
      summary,
      token: '+\\',
      format: 'json',
      formatversion: '2',
    })
    const response = await fetch(apiUrl, { method: 'POST', body })
    const json = (await response.json()) as {
      edit?: { result?: string; newrevid?: number; oldrevid?: number; nochange?: boolean }
      error?: { code?: string; info?: string }
    }
    if (json.edit?.result !== 'Success') {
      throw new Error(
        `edit of ${JSON.stringify(title)} failed: ${JSON.stringify(json.error ?? json.edit)}`,
      )
    }
    const revid = json.edit.newrevid ?? json.edit.oldrevid
    if (revid === undefined) {
      // A no-change edit of a new page cannot happen; of an existing one, read the current revid.
      const current = (await api({ action: 'query', titles: title, prop: 'revisions' })) as {
        query: { pages: Record<string, { revisions?: { revid: number }[] }> }
      }
      const page = Object.values(current.query.pages)[0]
      const found = page?.revisions?.[0]?.revid
      if (found === undefined) throw new Error(`edit of ${JSON.stringify(title)}: no revid`)
      return found
    }
    return revid
  }

  return { url, apiUrl, articlePath: '/index.php/$1', dir, extensions, edit, api, stop }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}

async function waitForApi(apiUrl: string, timeout: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeout
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`startMediaWiki: php -S exited before ${apiUrl} answered`)
    try {
      const response = await fetch(`${apiUrl}?action=query&meta=siteinfo&format=json`, {
        signal: AbortSignal.timeout(5000),
      })
      if (response.ok) {
        const json = (await response.json()) as { query?: unknown }
        if (json.query !== undefined) return
        last = 'a JSON body without "query"'
      } else {
        last = `HTTP ${response.status}`
      }
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`startMediaWiki: ${apiUrl} did not answer within ${timeout} ms (${last})`)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

function phpString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
}

function tail(text: string | null | undefined): string {
  return (text ?? '').slice(-2000)
}
