import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port.js'

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
 * database, and `MW_CONFIG_FILE` points every PHP process at it. The installation runs once per
 * MediaWiki version (a template in the temporary folder, with a shared English message cache);
 * each start copies its SQLite files instead of installing, so each test file can afford its
 * own wiki.
 */
export async function startMediaWiki(options?: StartMediaWikiOptions): Promise<LocalMediaWiki> {
  const installPath = options?.installPath ?? DEBIAN_MEDIAWIKI
  if (!existsSync(join(installPath, 'maintenance/install.php'))) {
    throw new Error(
      `startMediaWiki: no MediaWiki at ${installPath} (expected maintenance/install.php); install Debian's mediawiki and php-cli, php-sqlite3, php-mbstring, php-xml, php-intl`,
    )
  }
  const extensions = WANTED_EXTENSIONS.filter((name) =>
    existsSync(join(installPath, 'extensions', name, 'extension.json')),
  )
  const template = ensureTemplate(installPath, extensions)
  const dir = mkdtempSync(join(tmpdir(), 'wiki-mcp-mediawiki-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const settings = join(dir, 'LocalSettings.php')
  const env = { ...process.env, MW_CONFIG_FILE: settings, MW_INSTALL_PATH: installPath }
  let pid: number | undefined = undefined
  let exited = false
  // If the test process ends without stop() (a timeout, a crash), take the server and the
  // folder with it.
  const onExit = (): void => {
    if (pid !== undefined && !exited) killGroup(pid, 'SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
  // Test runners end workers with SIGTERM, which skips 'exit' handlers: clean up, then let the
  // signal do what it would have done.
  const onSignal = (): void => {
    onExit()
    process.removeListener('exit', onExit)
    if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM')
  }
  process.once('exit', onExit)
  process.once('SIGTERM', onSignal)

  try {
    // A copy of the installed template: its database, and its settings pointed at this folder
    // and this port.
    cpSync(join(template, 'data'), join(dir, 'data'), { recursive: true })
    const templateSettings = readFileSync(join(template, 'LocalSettings.php'), 'utf8')
    const built = readFileSync(join(template, 'built-in'), 'utf8')
    writeFileSync(
      settings,
      templateSettings.replaceAll(built, dir).replaceAll(TEMPLATE_SERVER, url) +
        [
          '',
          '# Added by startMediaWiki(): a private, quiet wiki for tests.',
          `$wgArticlePath = "/index.php/$1";`,
          `$wgCacheDirectory = ${phpString(join(dir, 'cache'))};`,
          `$wgUploadDirectory = ${phpString(join(dir, 'images'))};`,
          `$wgTmpDirectory = ${phpString(join(dir, 'tmp'))};`,
          // Building the English messages takes seconds: every wiki of this template shares
          // them. The array store writes atomically, so concurrent first requests are safe.
          `$wgLocalisationCacheConf['store'] = 'array';`,
          `$wgLocalisationCacheConf['storeDirectory'] = ${phpString(join(template, 'l10n'))};`,
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
    for (const sub of ['cache', 'images', 'tmp']) mkdirSync(join(dir, sub))
  } catch (error) {
    process.removeListener('exit', onExit)
    process.removeListener('SIGTERM', onSignal)
    rmSync(dir, { recursive: true, force: true })
    throw error
  }

  mkdirSync(OPCACHE_DIR, { recursive: true })
  const server = spawn('php', [...OPCACHE, '-S', `127.0.0.1:${port}`, '-t', installPath], {
    cwd: installPath,
    env: { ...env, PHP_CLI_SERVER_WORKERS: '2' },
    detached: true,
    stdio: 'ignore',
  })
  pid = server.pid
  server.on('exit', () => {
    exited = true
  })
  server.unref()

  let stopped = false
  const stop = async (): Promise<void> => {
    if (stopped) return
    stopped = true
    process.removeListener('exit', onExit)
    process.removeListener('SIGTERM', onSignal)
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

const TEMPLATE_SERVER = 'http://127.0.0.1:1'

/**
 * The CLI server runs without opcache by default, so every request would compile MediaWiki
 * again. A file cache in the temporary folder also lets a new server
 * start with compiled code.
 */
const OPCACHE_DIR = join(tmpdir(), 'wiki-mcp-mediawiki-opcache')
const OPCACHE = [
  '-d',
  'opcache.enable_cli=1',
  '-d',
  `opcache.file_cache=${OPCACHE_DIR}`,
  '-d',
  'opcache.validate_timestamps=1',
]

/**
 * An installed wiki to copy, built once per MediaWiki version and extension set and kept in the
 * temporary folder: `install.php` takes seconds, copying its SQLite files takes milliseconds.
 * Parallel builders each install into their own folder and rename it into place; the first wins.
 */
function ensureTemplate(installPath: string, extensions: readonly string[]): string {
  const defines = join(installPath, 'includes/Defines.php')
  const key = createHash('sha256')
    .update(JSON.stringify([installPath, statSync(defines).mtimeMs, extensions, 1]))
    .digest('hex')
    .slice(0, 16)
  const template = join(tmpdir(), `wiki-mcp-mediawiki-template-${key}`)
  if (existsSync(join(template, 'built-in'))) return template

  const build = mkdtempSync(`${template}.build-`)
  try {
    const install = spawnSync(
      'php',
      [
        'maintenance/install.php',
        '--quiet',
        '--dbtype=sqlite',
        `--dbpath=${join(build, 'data')}`,
        '--dbname=wiki',
        `--confpath=${build}`,
        `--server=${TEMPLATE_SERVER}`,
        '--scriptpath=',
        `--pass=${MEDIAWIKI_ADMIN.password}`,
        '--skins=Vector',
        ...(extensions.length > 0 ? [`--extensions=${extensions.join(',')}`] : []),
        'LocalTestWiki',
        MEDIAWIKI_ADMIN.user,
      ],
      {
        cwd: installPath,
        env: {
          ...process.env,
          MW_CONFIG_FILE: join(build, 'LocalSettings.php'),
          MW_INSTALL_PATH: installPath,
        },
        encoding: 'utf8',
        timeout: 180_000,
      },
    )
    if (install.status !== 0 || !existsSync(join(build, 'LocalSettings.php'))) {
      throw new Error(
        `startMediaWiki: install.php exited with ${String(install.status)}: ${tail(install.stderr)}${tail(install.stdout)}`,
      )
    }
    mkdirSync(join(build, 'l10n'))
    // Copies replace this path with their own folder.
    writeFileSync(join(build, 'built-in'), build)
    try {
      renameSync(build, template)
    } catch {
      // Another process finished first; its template is as good as ours.
      rmSync(build, { recursive: true, force: true })
      if (!existsSync(join(template, 'built-in'))) {
        throw new Error(
          `startMediaWiki: ${template} exists but is not a complete template; delete it`,
        )
      }
    }
  } catch (error) {
    rmSync(build, { recursive: true, force: true })
    throw error
  }
  return template
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

function phpString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
}

function tail(text: string | null | undefined): string {
  return (text ?? '').slice(-2000)
}
