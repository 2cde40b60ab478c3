import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SHARED_MISSING_REASON } from '@wiki/test-utils'
import { admonitionsOf, archwiki, codeBlocksOf, fromWikitext, linksOf } from '@wiki/wikitext-parser'
import { collectCodeBlocks } from '../src/lib/extract/code-blocks-of.js'
import {
  archCorpus,
  recordedPages,
  sectionSlices,
  type RecordedPage,
} from './helpers/arch-corpus.js'

/** A section's slice: from its code-point offset to the next non-null one. */
function sectionText(page: RecordedPage, anchor: string): string {
  const section = sectionSlices(page).find((candidate) => candidate.anchor === anchor)
  if (!section) throw new Error(`no section ${anchor}`)
  return section.text
}

function sha256(value: string): string {
  return createHash('sha256').update(value.normalize('NFC')).digest('hex')
}

function page(file: string): RecordedPage {
  const found = recordedPages().find((candidate) => candidate.file === file)
  if (!found) throw new Error(`${file} is not in the corpus`)
  return found
}

const masked = /<!--[\s\S]*?(?:-->|$)|<nowiki>[\s\S]*?<\/nowiki>|<pre>[\s\S]*?<\/pre>/gi

describe.skipIf(!archCorpus)(
  `extractors over the recorded corpus ${archCorpus ? '' : SHARED_MISSING_REASON}`,
  () => {
    it('finds the corpus', () => {
      expect(recordedPages().length).toBeGreaterThanOrEqual(9)
    })

    it.each(recordedPages().map((item) => [item.file, item] as const))(
      '%s: every {{bc}}/{{hc}} is consumed, and each block is a slice of the page',
      (_file, item) => {
        const tree = fromWikitext(item.wikitext)
        const { templates, indented } = collectCodeBlocks(tree, item.wikitext, archwiki)
        // An independent count: code template openings outside comments, nowiki and pre.
        const visible = item.wikitext.replace(masked, (text) => ' '.repeat(text.length))
        const openings = [...visible.matchAll(/\{\{\s*(?:bc|hc)\s*[|}]/gi)].map((m) => m.index)
        expect([...templates.keys()]).toEqual(openings)
        for (const block of codeBlocksOf(tree, { profile: archwiki })) {
          expect(block.text.trim()).not.toBe('')
          expect(block.sliceable).toBe(true)
          // A template body is a slice; indented lines are one once their marker spaces return.
          const expected = block.body
            ? block.raw
            : block.raw
                .split('\n')
                .map((line) => ` ${line}`)
                .join('\n')
          const span = block.body ?? block.span
          expect(item.wikitext.slice(span.start, span.end)).toBe(expected)
        }
        expect(indented.every((block) => block.kind === 'indented')).toBe(true)
      },
    )

    it.each(recordedPages().map((item) => [item.file, item] as const))(
      '%s: admonitions and links are slices of the page; messages are plain',
      (_file, item) => {
        const tree = fromWikitext(item.wikitext)
        for (const found of admonitionsOf(tree, { profile: archwiki })) {
          expect(item.wikitext.slice(found.body.start, found.body.end)).toBe(found.raw)
          for (const marker of [
            '{{ic',
            '{{Pkg',
            '{{!}}',
            '{{=}}',
            '[[',
            '<nowiki',
            '<!--',
            "'''",
          ]) {
            expect(found.message).not.toContain(marker)
          }
          expect(found.message.split('\n').some((line) => line.startsWith('#'))).toBe(false)
          expect(found.message.startsWith(' ')).toBe(false)
        }
        for (const link of linksOf(tree, { excludedPrefixes: new Set(['category', 'file']) })) {
          expect(item.wikitext.slice(link.span.start, link.span.start + 2)).toBe('[[')
        }
      },
    )

    it('reproduces the GRUB Installation command of the reference README', () => {
      const grub = page('parse_GRUB.json')
      const blocks = codeBlocksOf(fromWikitext(sectionText(grub, 'Installation')), {
        profile: archwiki,
      })
      const block = blocks.find(
        (candidate) =>
          sha256(candidate.raw) ===
          '8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44',
      )
      expect(block).toMatchObject({
        kind: 'codeBlock',
        raw: "# grub-install --target=x86_64-efi --efi-directory=''esp'' --bootloader-id=GRUB",
        text: '# grub-install --target=x86_64-efi --efi-directory=<esp> --bootloader-id=GRUB',
        placeholders: ['esp'],
        header: null,
      })
      expect(sha256(block!.text)).toBe(
        '29e88b233ac641da1dec1beeb7500687263991279c8fd0d5762ca45479ffb12e',
      )
    })

    it('reproduces the Iwd Usage note of the reference README', () => {
      const iwd = page('parse_Iwd.json')
      const notes = admonitionsOf(fromWikitext(sectionText(iwd, 'Usage')), { profile: archwiki })
      const note = notes.find(
        (candidate) =>
          sha256(candidate.raw) ===
          '9e183a7fb724a74e42120dc6f7e3d9631ca1036fb8758e3a481d1ff2ca22ed3a',
      )
      expect(note?.type).toBe('NOTE')
      expect(note?.message).toBe(
        'Only root and members of the network or the wheel user group are allowed to interact with iwd. In order to use iwctl or other front-ends, you need to add your user to one of those groups.',
      )
      expect(sha256(note!.message)).toBe(
        '27693d93de0969fc34ac243581e2f66693c6ae2b0f8cabc3098b86b49a290223',
      )
    })

    it('reproduces the French {{Attention}} warning through the caller’s alias map', () => {
      const french = page('parse_Installation_guide__Français_.json')
      const tree = fromWikitext(french.wikitext)
      expect(admonitionsOf(tree, { profile: archwiki }).some((a) => a.name === 'Attention')).toBe(
        false,
      )
      const warnings = admonitionsOf(tree, {
        profile: archwiki,
        aliases: new Map([['Attention', 'WARNING' as const]]),
      })
      const warning = warnings.find(
        (candidate) =>
          sha256(candidate.raw) ===
          'f007b1d054b1b6d2bc8d53a692d8ae530d7824256af4aa5fc5043a8d9e1ddb91',
      )
      expect(warning).toMatchObject({ type: 'WARNING', alias: 'Attention' })
      expect(sha256(warning!.message)).toBe(
        'f007b1d054b1b6d2bc8d53a692d8ae530d7824256af4aa5fc5043a8d9e1ddb91',
      )
    })

    it('finds no command block in Installation guide#Boot_the_live_environment', () => {
      const guide = page('parse_Installation_guide.json')
      const text = sectionText(guide, 'Boot_the_live_environment')
      expect(sha256(text)).toBe('b2ec52eef0b639a0fb2a761bdaf3eab9ae6de8ae08091025ad9cf51d022892b7')
      expect(codeBlocksOf(fromWikitext(text), { profile: archwiki })).toEqual([])
    })

    it('keeps the Installation guide links the acceptance suite pins', () => {
      const guide = page('parse_Installation_guide.json')
      const excludedPrefixes = new Set([
        'category',
        'file',
        'image',
        'media',
        'template',
        'help',
        'special',
        'ar',
        'de',
        'es',
        'fr',
        'ja',
        'ko',
        'pt',
        'ru',
        'zh-hans',
        'zh-hant',
      ])
      const targets = linksOf(fromWikitext(guide.wikitext), { excludedPrefixes }).map(
        (link) => link.target,
      )
      expect(targets).toEqual(
        expect.arrayContaining(['network interface', 'EFI system partition', 'pacman']),
      )
      expect(targets.some((target) => /^(category|file|template):/i.test(target ?? ''))).toBe(false)
    })
  },
)
