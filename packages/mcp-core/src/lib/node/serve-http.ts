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
  createHttpHandler,
  type CreateHttpHandlerOptions,
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

const SSE = 'text/event-stream'

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
  const handler = createHttpHandler(server, { ...options, host, log })
  const shutdownGraceMs = options.shutdownGraceMs ?? 10_000
  let base = ''
  let closing = false

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    if (closing) res.shouldKeepAlive = false
    handler(toRequest(req, res, base)).then(
      (response) => sendResponse(response, res),
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
  base = `${scheme}://${urlHost}:${address.port}`
  const url = `${base}${options.path ?? '/mcp'}`
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
      await handler.shutdown(shutdownGraceMs)
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

  return { url, close, stats: () => handler.stats() }
}

/** Converts a Node request; its signal aborts when the client goes away before the response ends. */
function toRequest(req: IncomingMessage, res: ServerResponse, base: string): Request {
  const controller = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const headers = new Headers()
  const raw = req.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  const method = req.method ?? 'GET'
  let body: ReadableStream<Uint8Array> | null = null
  if (method !== 'GET' && method !== 'HEAD') {
    let done = false
    body = new ReadableStream<Uint8Array>({
      start(stream) {
        req.on('data', (chunk: Buffer) => {
          if (!done)
            stream.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        })
        req.once('end', () => {
          if (!done) stream.close()
          done = true
        })
        req.once('error', (error) => {
          if (!done) stream.error(error)
          done = true
        })
      },
      cancel() {
        // Refused (413/408): drain the rest without buffering it, and do not reuse the socket.
        done = true
        res.shouldKeepAlive = false
        req.resume()
      },
    })
  }
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    body,
    signal: controller.signal,
    // Required by undici for streamed bodies.
    duplex: 'half',
  })
}

async function sendResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, key) => {
    headers[key] = value
  })
  if (response.body === null) {
    res.writeHead(response.status, headers)
    res.end()
    return
  }
  if (headers['content-type'] !== SSE) {
    const bytes = Buffer.from(await response.arrayBuffer())
    headers['content-length'] = String(bytes.byteLength)
    res.writeHead(response.status, headers)
    res.end(bytes)
    return
  }
  res.writeHead(response.status, headers)
  res.flushHeaders()
  const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>
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
    // The client went away; the handler has been aborted through the request signal.
  } finally {
    res.off('close', onClose)
    res.end()
  }
}
