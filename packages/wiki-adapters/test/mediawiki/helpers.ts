import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { RecordingStore } from '@wiki/wiki-adapters/mediawiki'

/** A recording store over a directory, as an app on Node would write it. */
export function directoryStore(dir: string): RecordingStore {
  return {
    location: dir,
    read: async (name) => {
      try {
        return await readFile(join(dir, name), 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    list: () => readdir(dir),
    write: async (name, text) => {
      await mkdir(dir, { recursive: true })
      await writeFile(join(dir, name), text)
    },
  }
}

export interface SeenRequest {
  readonly url: URL
  readonly params: Record<string, string>
  readonly order: string[]
  readonly headers: Headers
}

type Answer = Response | Record<string, unknown> | (() => Promise<Response>)

/** A fetch that records each request and answers from `handler`. */
export function fakeFetch(handler: (request: SeenRequest) => Answer): {
  fetch: typeof globalThis.fetch
  seen: SeenRequest[]
} {
  const seen: SeenRequest[] = []
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const request: SeenRequest = {
      url,
      params: Object.fromEntries(url.searchParams),
      order: [...url.searchParams.keys()],
      headers: new Headers(init?.headers),
    }
    seen.push(request)
    const answer = handler(request)
    if (typeof answer === 'function') return answer()
    if (answer instanceof Response) return answer
    return Response.json(answer)
  }
  return { fetch, seen }
}

export const API = 'https://wiki.example.org/api.php'

export function parseBody(
  title: string,
  revid: number,
  wikitext: string,
  extra?: Record<string, unknown>,
): Record<string, unknown> {
  return {
    parse: {
      title,
      pageid: 7,
      revid,
      wikitext: { '*': wikitext },
      sections: [
        {
          toclevel: 1,
          level: '2',
          line: 'A',
          number: '1',
          index: '1',
          fromtitle: title,
          byteoffset: 0,
          anchor: 'A',
          linkAnchor: 'A',
          unknownKey: true,
        },
      ],
      ...extra,
    },
  }
}
