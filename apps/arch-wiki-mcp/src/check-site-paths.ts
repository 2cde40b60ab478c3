// `--check` with a sites file: each live site's configured URLs are compared with what its wiki's
// siteinfo says, so a wrong article or API path is found before any citation is made with it.
import { createMediaWikiSource } from '@wiki/wiki-adapters/mediawiki'
import { describeMismatches, pathMismatches } from './site-paths.js'
import type { SiteConfig } from './sites.js'

/** Seconds to wait for a wiki that sets no timeout of its own. */
const DEFAULT_TIMEOUT = 20

/**
 * One line per site whose settings its wiki contradicts (`problems`), and one per site that could
 * not be compared (`unchecked`: offline, or its siteinfo could not be read, which says nothing of
 * its settings).
 */
export async function checkSitePaths(
  sites: readonly SiteConfig[],
): Promise<{ problems: string[]; unchecked: string[] }> {
  const results = await Promise.all(
    sites.map(async (config) => {
      if (config.offline !== undefined) {
        return { unchecked: `site "${config.name}": offline, its paths were not compared` }
      }
      const source = createMediaWikiSource({
        apiUrl: `${config.site.base}${config.site.apiPath}`,
        userAgent: config.userAgent,
        timeout: (config.timeout ?? DEFAULT_TIMEOUT) * 1000,
        cacheTtl: 0,
      })
      try {
        const found = pathMismatches(config.site, await source.siteInfo())
        return found.length > 0 ? { problem: describeMismatches(config.name, found) } : {}
      } catch (error) {
        return {
          unchecked: `site "${config.name}": its siteinfo could not be read (${(error as Error).message}), so its paths were not compared`,
        }
      }
    }),
  )
  return {
    problems: results.flatMap((r) => (r.problem === undefined ? [] : [r.problem])),
    unchecked: results.flatMap((r) => (r.unchecked === undefined ? [] : [r.unchecked])),
  }
}
