import { createServer, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMediaWikiSource, WikiSourceError } from '@wiki/wiki-adapters/mediawiki'

// Real sockets, real fetch: each way a wiki can be out of reach gives upstream_api_error with a
// message that names the host and the cause, so an agent knows whether to fix a name, start a
// wiki or wait.

const servers: { close(): void }[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

async function failureOf(apiUrl: string, timeout = 5000): Promise<WikiSourceError> {
  const source = createMediaWikiSource({ apiUrl, timeout, retries: 0 })
  try {
    await source.getPage('Main Page')
  } catch (error) {
    if (error instanceof WikiSourceError) return error
    throw error
  }
  throw new Error('expected a WikiSourceError')
}

describe('an unreachable wiki', () => {
  it('a closed port: the host, the port and "refused"', async () => {
    const port = await listen(createTcpServer())
    servers.pop()?.close()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const error = await failureOf(`http://127.0.0.1:${port}/api.php`)
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toContain(`127.0.0.1:${port} refused the connection (ECONNREFUSED)`)
  })

  it('a name that does not resolve: the DNS lookup and the host', async () => {
    const error = await failureOf('http://wiki.invalid/api.php')
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toMatch(
      /the DNS lookup of wiki\.invalid failed \((ENOTFOUND|EAI_AGAIN)\)/,
    )
  })

  it('https to a plain HTTP server: the TLS handshake', async () => {
    const port = await listen(createServer((_request, response) => response.end('{}')))
    const error = await failureOf(`https://127.0.0.1:${port}/api.php`)
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toContain(`the TLS handshake with 127.0.0.1:${port} failed`)
  })

  it('a server that hangs up at once: the connection closed', async () => {
    const port = await listen(createTcpServer((socket) => socket.destroy()))
    const error = await failureOf(`http://127.0.0.1:${port}/api.php`)
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toContain(`127.0.0.1:${port} closed the connection`)
  })

  it('a server that never answers: the timeout', async () => {
    const port = await listen(createTcpServer(() => undefined))
    const error = await failureOf(`http://127.0.0.1:${port}/api.php`, 300)
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toContain('no answer within 300 ms')
  })
})
