import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port.js'
import { repoPath } from './shared-dir.js'

/** Where scripts/install-verdaccio.mjs installs Verdaccio, apart from the workspace. */
export const VERDACCIO_BIN = repoPath(
  'internal/test-utils/verdaccio/node_modules/verdaccio/bin/verdaccio',
)

const USER = { name: 'wiki-mcp-test', password: 'wiki-mcp-test-password' }

export interface StartLocalRegistryOptions {
  /** How long to wait for the registry to answer, in ms (default 60 000). */
  readonly readyTimeout?: number
}

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`, with the trailing slash npm writes registries with. */
  readonly url: string
  /** The private folder: the registry's storage, its configuration and its log. */
  readonly dir: string
  /** The registry's process id: `stop()` ends it by this id. */
  readonly pid: number
  /**
   * The lines of an npmrc that uses this registry and nothing else: its URL, a publishing
   * token, and a proxy on a closed local port for every other host, so that a request anywhere
   * else fails at once instead of leaving the machine.
   */
  readonly npmrc: string
  /**
   * Publishes an installed package folder as it is (its files under `package/`, its own
   * package.json as the manifest), without running its scripts. For third-party packages the
   * workspace's packages need: the registry has no uplink.
   */
  publishFolder(dir: string): Promise<void>
  /** The registry's document for a package name (HTTP status and parsed body). */
  packument(name: string): Promise<{ status: number; body: unknown }>
  /** Stops the registry by its process id and deletes `dir`. Safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts Verdaccio on 127.0.0.1 with a throwaway storage folder and no uplinks (it serves only
 * what is published to it), and creates a user whose token can publish.
 */
export async function startLocalRegistry(
  options?: StartLocalRegistryOptions,
): Promise<LocalRegistry> {
  if (!existsSync(VERDACCIO_BIN)) {
    throw new Error(
      `Verdaccio is not installed at ${VERDACCIO_BIN}: run node scripts/install-verdaccio.mjs`,
    )
  }
  const dir = mkdtempSync(join(tmpdir(), 'wiki-mcp-registry-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const config = join(dir, 'config.yaml')
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(join(dir, 'storage'))}`,
      `plugins: ${JSON.stringify(join(dir, 'plugins'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
      '    max_users: 1',
      // No uplinks: a package that was not published here is not found, never fetched.
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      'web:',
      '  enable: false',
      // TypeScript's tarball, base64 in the publish body, is over the default 10 MB.
      'max_body_size: 200mb',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  )
  const log = join(dir, 'verdaccio.log')
  const logFd = openSync(log, 'a')
  const server = spawn(
    process.execPath,
    [VERDACCIO_BIN, '--config', config, '--listen', `127.0.0.1:${port}`],
    {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir },
      stdio: ['ignore', logFd, logFd],
    },
  )
  closeSync(logFd)
  const pid = server.pid
  if (pid === undefined) throw new Error('startLocalRegistry: Verdaccio did not start')
  let exited = false
  server.on('exit', () => {
    exited = true
  })
  // If the test process ends without stop(), take the registry and its folder with it.
  const onExit = (): void => {
    if (!exited) kill(pid, 'SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', onExit)

  let stopped = false
  const stop = async (): Promise<void> => {
    if (stopped) return
    stopped = true
    process.removeListener('exit', onExit)
    if (!exited) {
      const gone = new Promise<void>((resolve) => server.once('exit', () => resolve()))
      kill(pid, 'SIGTERM')
      const timer = setTimeout(() => kill(pid, 'SIGKILL'), 5000)
      await gone
      clearTimeout(timer)
    }
    rmSync(dir, { recursive: true, force: true })
  }

  try {
    await waitForPing(url, options?.readyTimeout ?? 60_000, () => exited, log)
    const token = await createUser(url)
    const host = url.replace(/^http:/, '')
    const npmrc = [
      `registry=${url}`,
      `${host}:_authToken=${token}`,
      'proxy=http://127.0.0.1:9/',
      'https-proxy=http://127.0.0.1:9/',
      'noproxy=127.0.0.1',
      'audit=false',
      'fund=false',
      'update-notifier=false',
      '',
    ].join('\n')
    const publishFolder = (folder: string): Promise<void> => publish(url, token, folder)
    const packument = (name: string): Promise<{ status: number; body: unknown }> =>
      call('GET', `${url}${name.replace('/', '%2f')}`)
    return { url, dir, pid, npmrc, publishFolder, packument, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal)
  } catch {
    // Already gone.
  }
}

async function waitForPing(
  url: string,
  timeout: number,
  exited: () => boolean,
  log: string,
): Promise<void> {
  const deadline = Date.now() + timeout
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    if (exited()) {
      throw new Error(
        `startLocalRegistry: Verdaccio exited: ${readFileSync(log, 'utf8').slice(-2000)}`,
      )
    }
    try {
      const { status } = await call('GET', `${url}-/ping`, undefined, {}, 5000)
      if (status === 200) return
      last = `HTTP ${status}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`startLocalRegistry: ${url} did not answer within ${timeout} ms (${last})`)
}

/**
 * One HTTP request on a connection of its own: Verdaccio closes idle keep-alive connections that
 * a pooled client would otherwise reuse half-closed. Answers the status and the parsed JSON body.
 */
function call(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeout = 60_000,
): Promise<{ status: number; body: unknown }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: false,
        timeout,
        headers: {
          accept: 'application/json',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let parsed: unknown = text
          try {
            parsed = JSON.parse(text)
          } catch {
            // Not JSON: keep the text for the error message.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed })
        })
        res.on('error', reject)
      },
    )
    req.on('timeout', () =>
      req.destroy(new Error(`${method} ${url} timed out after ${timeout} ms`)),
    )
    req.on('error', reject)
    req.end(payload)
  })
}

async function createUser(url: string): Promise<string> {
  const { status, body } = await call('PUT', `${url}-/user/org.couchdb.user:${USER.name}`, USER)
  const token = (body as { token?: unknown }).token
  if (status !== 201 || typeof token !== 'string') {
    throw new Error(`startLocalRegistry: creating the user answered HTTP ${status}`)
  }
  return token
}

/** The folder's files as npm packs them: a gzipped tar with every path under `package/`. */
function tarball(folder: string): Buffer {
  return execFileSync(
    'tar',
    [
      '--create',
      '--gzip',
      '--file=-',
      '--exclude=./node_modules',
      // pnpm's store links identical files to one inode; npm skips hard-link entries.
      '--hard-dereference',
      '--transform=s,^\\.,package,',
      '--sort=name',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '--mtime=@499162500',
      '--directory',
      folder,
      '.',
    ],
    { maxBuffer: 1 << 30 },
  )
}

async function publish(url: string, token: string, folder: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    name: string
    version: string
  }
  const { name, version } = manifest
  const data = tarball(folder)
  const file = `${name.replace(/^@[^/]+\//, '')}-${version}.tgz`
  const escaped = name.replace('/', '%2f')
  const body = {
    _id: name,
    name,
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        ...manifest,
        _id: `${name}@${version}`,
        dist: {
          shasum: createHash('sha1').update(data).digest('hex'),
          integrity: `sha512-${createHash('sha512').update(data).digest('base64')}`,
          tarball: `${url}${escaped}/-/${file}`,
        },
      },
    },
    _attachments: {
      [file]: {
        content_type: 'application/octet-stream',
        data: data.toString('base64'),
        length: data.length,
      },
    },
  }
  const answer = await call('PUT', `${url}${escaped}`, body, { authorization: `Bearer ${token}` })
  if (answer.status !== 201) {
    throw new Error(
      `publishing ${name}@${version} answered HTTP ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`,
    )
  }
}
