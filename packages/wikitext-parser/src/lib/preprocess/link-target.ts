/** What an internal link's target names: page, namespace, fragment and kind, by the site's lists. */
import type { SiteIndex } from '../site-index.js'
import type { InternalLink } from '../types.js'

/** Characters no link target may hold. */
export const invalidTarget: RegExp = /[<>[\]{}\u0000-\u001F\u007F\uFFFD]/u

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
  const hash = value.indexOf('#')
  if (hash !== -1) {
    fragment = value.slice(hash + 1)
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
