/** What an internal link's target names: page, namespace, fragment and kind, by the site's lists. */
import type { SiteIndex } from '../site-index.js'
import type { InternalLink } from '../types.js'

/**
 * Characters that end MediaWiki's link pattern in a target's text (`<` and `>` only sometimes:
 * `validTitle` decides).
 */
export const stopsTarget: RegExp = /[[\]{}\u0000-\u001F\u007F]/u

export type LinkTargetParts = Pick<InternalLink, 'target' | 'namespace' | 'fragment' | 'kind'>

/** The target of `[[source|…]]`, or undefined when it names nothing. */
export function describeTarget(site: SiteIndex, source: string): LinkTargetParts | undefined {
  let value = source.replace(/_/gu, ' ').trim()
  let leadingColon = false
  if (value.startsWith(':')) {
    leadingColon = true
    value = value.slice(1).trim()
  }
  let fragment: string | null = null
  const hash = fragmentStart(value)
  if (hash !== -1) {
    const code = value.charCodeAt(hash)
    // The `#` as written: one character, `%23`, or a reference up to its `;`.
    const sign = code === 35 ? 1 : code === 37 ? 3 : value.indexOf(';', hash) + 1 - hash
    fragment = value.slice(hash + sign)
    value = value.slice(0, hash).trim()
  }
  if (value === '' && fragment === null) return undefined
  const colon = value.indexOf(':')
  if (colon !== -1) {
    const prefix = value.slice(0, colon).trim().replace(/ +/gu, ' ').toLowerCase()
    const namespace = site.namespaces.get(prefix)
    if (namespace) {
      let kind: InternalLink['kind'] = namespace.kind
      if (leadingColon && (kind === 'file' || kind === 'category')) kind = 'page'
      return { target: value, namespace: namespace.name, fragment, kind }
    }
    if (site.interwiki.has(prefix))
      return { target: value, namespace: '', fragment, kind: 'interwiki' }
  }
  return { target: value, namespace: '', fragment, kind: 'page' }
}

/**
 * Where a target's fragment starts, as MediaWiki finds it once references are decoded: at the
 * first `#` that does not open a numeric reference (`&#58;` is a colon), or at a reference to
 * `#` itself (`&#35;`). A `%23` is one too, which the link pass decodes first. Returns the
 * offset of the `#`, `%` or `&`, or -1.
 */
function fragmentStart(value: string): number {
  let from = 0
  for (;;) {
    const hash = value.indexOf('#', from)
    if (hash === -1) break
    if (
      value.charCodeAt(hash - 1) !== 38 ||
      !/^#(?:\d+|[xX][0-9A-Fa-f]+);/u.test(value.slice(hash))
    )
      return earliest(value, hash)
    from = hash + 1
  }
  return earliest(value, -1)
}

/** The earlier of `found` and a `%23`, `&#35;`, `&#x23;` or `&num;` in `value`. */
function earliest(value: string, found: number): number {
  if (!value.includes('%') && !value.includes('&')) return found
  const encoded = /%23|&#0*35;|&#[xX]0*23;|&num;/u.exec(value)
  if (encoded === null) return found
  return found === -1 || encoded.index < found ? encoded.index : found
}
