import type { LocalMediaWiki } from '@wiki/test-utils'
import { defaultSite, defineSite, type ExtensionTagMode, type Site } from '@wiki/wikitext-parser'

/**
 * The site a local MediaWiki parses with: its registered extension tags (in the modes the default
 * site knows them, opaque otherwise) and MediaWiki 1.39's heading anchors.
 */
export async function siteOfWiki(wiki: LocalMediaWiki): Promise<Site> {
  const info = (await wiki.api({
    action: 'query',
    meta: 'siteinfo',
    siprop: 'extensiontags',
  })) as {
    query: { extensiontags: string[] }
  }
  const extensionTags: Record<string, ExtensionTagMode> = {}
  for (const tag of info.query.extensiontags) {
    const name = tag.replace(/^<|>$/g, '').toLowerCase()
    extensionTags[name] = defaultSite.extensionTags[name] ?? 'opaque'
  }
  return defineSite({ extensionTags, headingIds: '1.39' })
}
