// Whether a site's configured URLs are the wiki's own. Every citation URL is built from the
// configured base, article path and API path; siteinfo says where the wiki really serves pages
// (`server`, `articlepath`) and scripts (`scriptpath`). A difference means every URL an answer
// cites would be wrong, so it is reported rather than guessed around.
import type { WikiSite } from '@wiki/provenance'
import type { SiteInfo } from '@wiki/wiki-adapters/mediawiki'
import { WikiFailure } from './backend.js'

/** One setting that disagrees with the wiki: its name, the configured value, the wiki's. */
export interface PathMismatch {
  setting: 'url' | 'article_path' | 'api_path'
  configured: string
  wiki: string
}

/** The settings of `site` that siteinfo contradicts; empty when they agree or it says nothing. */
export function pathMismatches(site: WikiSite, info: SiteInfo): PathMismatch[] {
  const out: PathMismatch[] = []
  if (info.server !== null) {
    // `//host` is protocol-relative: the wiki serves both schemes, so only the host is compared.
    const configured = info.server.startsWith('//') ? site.base.replace(/^[a-z]+:/i, '') : site.base
    if (stripSlash(info.server) !== stripSlash(configured)) {
      out.push({ setting: 'url', configured: site.base, wiki: info.server })
    }
  }
  if (info.articlePath !== null && info.articlePath !== site.articlePath) {
    out.push({ setting: 'article_path', configured: site.articlePath, wiki: info.articlePath })
  }
  if (info.scriptPath !== null) {
    const api = `${info.scriptPath}/api.php`
    if (api !== site.apiPath) out.push({ setting: 'api_path', configured: site.apiPath, wiki: api })
  }
  return out
}

/** One line per mismatch, naming the site, the setting, the configured value and the wiki's. */
export function describeMismatches(name: string, mismatches: readonly PathMismatch[]): string {
  return mismatches
    .map(
      (m) =>
        `site ${JSON.stringify(name)}: ${m.setting} is ${JSON.stringify(m.configured)} but the wiki's siteinfo says ${JSON.stringify(m.wiki)}`,
    )
    .join('; ')
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '').toLowerCase()
}

/** The failure of every call to a site whose configured URLs the wiki contradicts. */
export function siteMisconfigured(why: string): WikiFailure {
  return new WikiFailure(
    'site_misconfigured',
    `${why}. Every URL this site cites would be wrong, so it answers nothing until its settings are corrected (--check compares them with the wiki).`,
  )
}
