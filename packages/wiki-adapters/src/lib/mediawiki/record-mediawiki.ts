import { createMediaWikiSource, type MediaWikiSourceOptions } from './create-mediawiki-source.js'
import { recordingFileName } from './recording-file-name.js'
import type { RecordingStore } from './recording-store.js'

export interface RecordMediaWikiOptions extends Omit<
  MediaWikiSourceOptions,
  'offline' | 'record' | 'cacheTtl'
> {
  /** Where the recordings go. */
  readonly store: RecordingStore
  /** Overwrite existing recordings (default: keep them). */
  readonly force?: boolean | undefined
  /** Pages to record: the parse, then the alias queries `warnings()` would send. */
  readonly titles?: readonly string[] | undefined
  /** Queries to record, both search requests each. */
  readonly searches?: readonly string[] | undefined
  /** Record `query_siteinfo.json`. */
  readonly siteinfo?: boolean | undefined
  /** Pages whose newest history answer to record (`query_history_<title>_20.json`, the default limit). */
  readonly histories?: readonly string[] | undefined
  /** Revisions to record as `parse_oldid_<N>.json`. */
  readonly oldids?: readonly number[] | undefined
  /** Search limit for the full-text request (default 10). */
  readonly searchLimit?: number | undefined
  /**
   * The template names used on a page, from its wikitext. The parser lives outside this
   * package, so the caller supplies it (the names `warnings()` collects, at every depth).
   */
  readonly templateNames?: ((wikitext: string) => Iterable<string>) | undefined
}

export interface RecordMediaWikiResult {
  /** The recording file names the run asked for, in order (existing ones were kept unless `force`). */
  readonly files: readonly string[]
}

/**
 * Re-records API answers from a live wiki with the same requests as the source sends
 *. Bodies are written as returned, re-indented by two spaces.
 */
export async function recordMediaWiki(
  options: Readonly<RecordMediaWikiOptions>,
): Promise<RecordMediaWikiResult> {
  const files: string[] = []
  const {
    store,
    force,
    titles,
    searches,
    siteinfo,
    oldids,
    histories,
    searchLimit,
    templateNames,
    ...rest
  } = options
  const source = createMediaWikiSource({
    ...rest,
    // Every call goes to the wiki: nothing may be answered from a cache.
    cacheTtl: 0,
    cacheMaxBytes: 0,
    record: { store, force: force ?? false },
    onRequest: (event) => {
      if (event.attempt === 1) files.push(recordingFileName(event.action, event.key))
      options.onRequest?.(event)
    },
  })
  for (const title of titles ?? []) {
    const page = await source.getPage(title)
    if (templateNames !== undefined) {
      await source.resolveTemplateAliases(page.title, templateNames(page.wikitext))
    }
  }
  for (const query of searches ?? []) await source.search(query, searchLimit ?? 10)
  if (siteinfo === true) await source.linkPrefixes()
  for (const revid of oldids ?? []) await source.getRevision(revid)
  for (const title of histories ?? []) await source.history(title, { limit: 20 })
  return { files }
}
