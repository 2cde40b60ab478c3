import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SHARED_MISSING_REASON, sharedDir } from '@wiki/test-utils'
import {
  createMediaWikiSource,
  WikiSourceError,
  type MediaWikiRequestEvent,
} from '@wiki/wiki-adapters/mediawiki'
import { directoryStore } from './mediawiki/helpers.js'

const shared = sharedDir()
const corpus = shared === undefined ? undefined : join(shared, 'arch-fixtures')

function replay(events?: MediaWikiRequestEvent[]): ReturnType<typeof createMediaWikiSource> {
  return createMediaWikiSource({
    apiUrl: 'https://wiki.archlinux.org/api.php',
    offline: directoryStore(corpus ?? ''),
    ...(events ? { onRequest: (event: MediaWikiRequestEvent) => events.push(event) } : {}),
  })
}

describe.skipIf(corpus === undefined)(
  `replay of the recorded Arch Wiki corpus (${SHARED_MISSING_REASON})`,
  () => {
    it('parses a recorded page by title, with its revid and code-point section offsets', async () => {
      const page = await replay().getPage('GRUB')
      expect(page).toMatchObject({
        title: 'GRUB',
        pageid: 5984,
        revid: 858930,
        redirectedFrom: null,
      })
      expect(page.wikitext.length).toBeGreaterThan(10_000)
      expect(page.sections[0]).toMatchObject({
        anchor: 'Supported_file_systems',
        linkAnchor: 'Supported_file_systems',
        level: '2',
        byteoffset: 860,
      })
    })

    it('maps titles to file names with safe(): spaces and underscores alike', async () => {
      const events: MediaWikiRequestEvent[] = []
      const wiki = replay(events)
      const a = await wiki.getPage('Installation guide (Français)')
      expect(a.revid).toBe(875238)
      await wiki.getPage('Installation_guide')
      expect(events.map((event) => event.target)).toEqual([
        'parse_Installation_guide__Français_.json',
        'parse_Installation_guide.json',
      ])
    })

    it('answers a parse by revid from the revid index', async () => {
      const events: MediaWikiRequestEvent[] = []
      const revision = await replay(events).getRevision(858930)
      expect(revision.title).toBe('GRUB')
      expect(events[0]?.target).toBe('parse_GRUB.json')
      const wikitext = await replay().getRevisionWikitext(858613)
      expect(wikitext.title).toBe('Installation guide')
    })

    it('classifies the recorded missingtitle envelope as page_not_found', async () => {
      const error = await replay()
        .getPage('Nonexistent page xyz')
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WikiSourceError)
      expect((error as WikiSourceError).code).toBe('page_not_found')
      expect((error as WikiSourceError).message).toBe('Page not found: "Nonexistent page xyz"')
    })

    it('keeps transcluded sections with a null offset and drops unknown keys', async () => {
      const page = await replay().getPage('Transcluded example')
      const transcluded = page.sections.find((s) => s.anchor === 'Transcluded_section')
      expect(transcluded).toMatchObject({ byteoffset: null, fromtitle: 'Some other page' })
      expect(Object.keys(transcluded ?? {})).not.toContain('extensionData')
    })

    it('replays both searches, exact title first', async () => {
      const events: MediaWikiRequestEvent[] = []
      const results = await replay(events).search('GRUB', 10)
      expect(results.nearmatch.map((hit) => hit.title)).toEqual(['GRUB'])
      expect(results.text.length).toBeGreaterThan(0)
      expect(events.map((event) => event.target)).toEqual([
        'query_nearmatch_GRUB.json',
        'query_GRUB.json',
      ])
      const none = await replay().search('zzzqqxnotathing', 10)
      expect(none.nearmatch).toEqual([])
      expect(none.text).toEqual([])
    })

    it('derives link prefixes from the recorded siteinfo', async () => {
      const result = await replay().linkPrefixes()
      expect(result.from).toBe('siteinfo')
      for (const prefix of ['category', 'file', 'image', 'template', 'help', 'special', 'de']) {
        expect(result.prefixes.has(prefix)).toBe(true)
      }
      expect(result.prefixes.has('')).toBe(false)
    })

    it('resolves the French Attention alias to WARNING at the redirect revision', async () => {
      const events: MediaWikiRequestEvent[] = []
      const aliases = await replay(events).resolveTemplateAliases('Installation guide (Français)', [
        'Attention',
        'Astuce',
        'bc',
        'ic',
        'TranslationStatus (Français)',
        'Note',
      ])
      expect(aliases.get('Attention')).toEqual({
        kind: 'admonition',
        type: 'WARNING',
        alias: 'Attention',
        aliasTarget: 'Template:Warning (Français)',
        aliasRevid: 675792,
      })
      expect(aliases.get('Astuce')).toMatchObject({
        kind: 'admonition',
        type: 'TIP',
        aliasRevid: 675789,
      })
      expect(aliases.get('Bc')).toEqual({ kind: 'none' })
      expect(aliases.get('TranslationStatus (Français)')).toEqual({ kind: 'none' })
      expect(events.map((event) => event.target)).toEqual([
        'query_aliases_Installation_guide__Français_.json',
        'query_aliasrevs_Installation_guide__Français_.json',
      ])
    })

    it('needs no alias-revision recording for an English page', async () => {
      const aliases = await replay().resolveTemplateAliases('GRUB', ['bc', 'hc', 'ic', 'Note'])
      expect([...aliases.values()].every((alias) => alias.kind === 'none')).toBe(true)
    })

    it('fails loudly on a missing recording', async () => {
      const error = await replay()
        .getPage('Not recorded anywhere')
        .catch((e: unknown) => e)
      expect((error as WikiSourceError).code).toBe('offline_recording_missing')
      expect((error as WikiSourceError).message).toContain('parse_Not_recorded_anywhere.json')
    })
  },
)
