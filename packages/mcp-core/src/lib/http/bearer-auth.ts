/** A configured bearer token; its `name` becomes `session.principal`. */
export interface NamedToken {
  name: string
  token: string
}

/** The `auth` option of the HTTP transport. */
export type HttpAuth = { tokens: readonly (string | NamedToken)[] } | false

const encoder = new TextEncoder()

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}

/**
 * Checks bearer tokens in constant time: the presented token's digest is compared with every
 * configured digest over all bytes, so timing reveals neither which token nor how much matched.
 */
export class BearerAuth {
  readonly #names: string[]
  readonly #digests: Promise<Uint8Array[]>

  constructor(tokens: readonly (string | NamedToken)[]) {
    const list: unknown = tokens
    if (!Array.isArray(list) || tokens.length === 0) {
      throw new TypeError(
        'auth.tokens must hold at least one token (or pass auth: false on loopback)',
      )
    }
    const entries: NamedToken[] = tokens.map((entry, index) =>
      typeof entry === 'string' ? { name: `token-${index + 1}`, token: entry } : entry,
    )
    entries.forEach((entry, index) => {
      if (typeof entry.token !== 'string' || entry.token === '') {
        throw new TypeError(`auth.tokens[${index}] must be a non-empty token`)
      }
      if (typeof entry.name !== 'string' || entry.name === '') {
        throw new TypeError(`auth.tokens[${index}].name must be a non-empty string`)
      }
    })
    this.#names = entries.map((entry) => entry.name)
    this.#digests = Promise.all(entries.map((entry) => sha256(entry.token)))
  }

  /** The matching token's name, or `undefined`. */
  async verify(presented: string): Promise<string | undefined> {
    const [digest, digests] = await Promise.all([sha256(presented), this.#digests])
    let matched = -1
    for (let index = 0; index < digests.length; index++) {
      const expected = digests[index]!
      let difference = 0
      for (let byte = 0; byte < expected.length; byte++)
        difference |= expected[byte]! ^ digest[byte]!
      // Branch-free select: keeps the index when difference is 0, without an early exit.
      const equal = ((difference - 1) >> 31) & 1
      matched = equal * index + (1 - equal) * matched
    }
    return matched === -1 ? undefined : this.#names[matched]
  }
}

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i

/** The token of an `Authorization: Bearer <token>` header; the scheme is case-insensitive. */
export function bearerToken(header: string | null): string | undefined {
  if (header === null) return undefined
  return BEARER.exec(header)?.[1]
}
