import { Buffer } from 'node:buffer'
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import process from 'node:process'
import type { ServerDefinition } from '../core/create-server.js'
import { createLogger } from '../core/logger.js'
import {
  createHttpCore,
  type CreateHttpHandlerOptions,
  type HttpInput,
  type HttpOutput,
  type HttpStats,
} from '../http/create-http-handler.js'

/** Options for {@link serveHttp}: the handler's options plus where and how to listen. */
export interface ServeHttpOptions extends CreateHttpHandlerOptions {
  /** Bind address; default `127.0.0.1`. */
  host?: string
  /** Port; `0` picks a free one. Default 3000. */
  port?: number
  /** Serve HTTPS with this key and certificate (PEM). */
  tls?: { key: string | Buffer; cert: string | Buffer }
  /** Listen backlog; default 2048. */
  backlog?: number
  /** Time running requests get on shutdown before they are aborted; default 10,000 ms. */
  shutdownGraceMs?: number
  /** Close and exit 0 on SIGINT/SIGTERM (a second signal exits 1); default true. */
  handleSignals?: boolean
}

/** A listening HTTP server. */
export interface HttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string
  /** Refuses new requests, gives running ones the grace period, then closes every connection. */
  close(): Promise<void>
  stats(): HttpStats
}

/**
 * Listens on `node:http` (or `node:https`) and serves `server` through `createHttpHandler`.
 * Resolves once the socket is bound, so `url` carries the real port.
 */
export async function serveHttp(
  server: ServerDefinition,
  options: Readonly<ServeHttpOptions>,
): Promise<HttpServer> {
  const log =
    options.log ??
    createLogger('[mcp-core]', 'info', (line) => {
      process.stderr.write(`${line}\n`)
    })
  const host = options.host ?? '127.0.0.1'
  const core = createHttpCore(server, { ...options, host, log })
  const shutdownGraceMs = options.shutdownGraceMs ?? 10_000
  let fallbackHost = ''
  let closing = false

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    if (closing) res.shouldKeepAlive = false
    core.handle(toInput(req, res, fallbackHost)).then(
      (output) => sendOutput(output, res),
      (error: unknown) => {
        log.error(
          `request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        )
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end('{"error":"internal_error"}')
      },
    )
  }
  const httpServer = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttpServer(listener)
  httpServer.headersTimeout = 10_000
  httpServer.requestTimeout = 30_000
  httpServer.keepAliveTimeout = 5_000

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(
      { host, port: options.port ?? 3000, backlog: options.backlog ?? 2048 },
      () => {
        httpServer.off('error', reject)
        resolve()
      },
    )
  })
  const address = httpServer.address() as AddressInfo
  const scheme = options.tls ? 'https' : 'http'
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  fallbackHost = `${urlHost}:${address.port}`
  const url = `${scheme}://${fallbackHost}${options.path ?? '/mcp'}`
  log.info(`listening on ${url}`)

  let closed: Promise<void> | undefined
  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing = true
      const stopped = new Promise<void>((resolve) => {
        httpServer.close(() => {
          resolve()
        })
      })
      await core.shutdown(shutdownGraceMs)
      httpServer.closeIdleConnections()
      // Responses already written need a moment to leave before sockets are cut.
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 200))])
      httpServer.closeAllConnections()
      await stopped
    })()
    return closed
  }

  if (options.handleSignals ?? true) {
    let signalled = false
    const onSignal = (): void => {
      if (signalled) process.exit(1)
      signalled = true
      void close().then(() => process.exit(0))
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  }

  return { url, close, stats: core.stats }
}

/** How much of a refused, too-large body is read and dropped before its connection is cut. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024

/** Adapts a Node request for the pipeline without building a Web `Request`. */
function toInput(req: IncomingMessage, res: ServerResponse, fallbackHost: string): HttpInput {
  const url = req.url ?? '/'
  /** Refuses a body and closes the connection after the answer: too slow, or far too large. */
  const refuseAndClose = (): void => {
    res.shouldKeepAlive = false
    req.resume()
  }
  /**
   * Refuses a body too large. The rest is read and dropped, so a client still sending gets to
   * read the 413: closing the connection under it fails its write (EPIPE) first. A body that
   * goes on past `DRAIN_LIMIT_BYTES` more is not waited for.
   */
  const refuseLarge = (): void => {
    let drained = 0
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length
      if (drained > DRAIN_LIMIT_BYTES) req.socket.destroy()
    })
    req.resume()
  }
  return {
    method: req.method ?? 'GET',
    pathname: pathnameOf(url),
    header(name) {
      const value = req.headers[name]
      if (value === undefined) return null
      return Array.isArray(value) ? value.join(', ') : value
    },
    fallbackHost,
    onDisconnect(listener) {
      const onClose = (): void => {
        if (!res.writableFinished) listener()
      }
      res.once('close', onClose)
      return () => {
        res.off('close', onClose)
      }
    },
    readBody(maxBytes, timeoutMs) {
      const length = req.headers['content-length']
      if (length !== undefined && Number(length) > maxBytes) {
        // A body declared far too large is not waited for at all.
        if (Number(length) > DRAIN_LIMIT_BYTES) refuseAndClose()
        else refuseLarge()
        return Promise.resolve(413)
      }
      return new Promise((resolve) => {
        const chunks: Buffer[] = []
        let total = 0
        const cleanup = (): void => {
          clearTimeout(timer)
          req.off('data', onData)
          req.off('end', onEnd)
          req.off('error', onError)
        }
        const timer = setTimeout(() => {
          cleanup()
          refuseAndClose()
          resolve(408)
        }, timeoutMs)
        const onData = (chunk: Buffer): void => {
          total += chunk.length
          if (total > maxBytes) {
            cleanup()
            refuseLarge()
            resolve(413)
            return
          }
          chunks.push(chunk)
        }
        const onEnd = (): void => {
          cleanup()
          resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total))
        }
        const onError = (): void => {
          cleanup()
          resolve(408)
        }
        req.on('data', onData)
        req.once('end', onEnd)
        req.once('error', onError)
      })
    },
  }
}

function pathnameOf(url: string): string {
  if (url.startsWith('/')) {
    const query = url.indexOf('?')
    return query === -1 ? url : url.slice(0, query)
  }
  try {
    return new URL(url).pathname
  } catch {
    return url
  }
}

async function sendOutput(output: HttpOutput, res: ServerResponse): Promise<void> {
  const { status, headers, body } = output
  if (body === null) {
    res.writeHead(status, headers)
    res.end()
    return
  }
  if (typeof body === 'string') {
    res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) })
    res.end(body)
    return
  }
  res.writeHead(status, headers)
  res.flushHeaders()
  const reader = body.getReader()
  const onClose = (): void => {
    void reader.cancel().catch(() => undefined)
  }
  res.once('close', onClose)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      res.write(value)
    }
  } catch {
    // The client went away; the handler has been aborted through onDisconnect.
  } finally {
    res.off('close', onClose)
    res.end()
  }
}
