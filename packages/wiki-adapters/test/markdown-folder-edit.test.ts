import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { caught, itPage, makeWiki, sha256, treeHash } from './markdown-folder/helpers.js'

const page = itPage(
  'Rete',
  [
    'Il router sta in cantina.',
    '',
    '## Indirizzi',
    '',
    'Il router ha 192.168.1.1.',
    '',
    '### IPv6',
    '',
    'Prefisso delegato.',
    '',
    '## Cavi',
    '',
    'Cat6 ovunque. Cat6 anche in soffitta.',
    '',
    '```sh',
    '## Non un titolo',
    '```',
  ].join('\n'),
)

let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource
const file = (): Promise<string> => readFile(path.join(made.wiki, 'rete.md'), 'utf8')

beforeEach(async () => {
  made = await makeWiki({ 'rete.md': page, 'index.md': '# Indice\n' })
  source = await createMarkdownFolderSource({ wikiPath: made.wiki, timeZone: 'UTC', watch: false })
})
afterEach(async () => {
  await source.close()
  await made.cleanup()
})

describe('editPage: exact text', () => {
  it('replaces a text that occurs once and reports the new checksum', async () => {
    const result = await source.editPage({
      path: 'rete.md',
      oldText: '192.168.1.1',
      newText: '10.0.0.1',
      expectedChecksum: sha256(page),
    })
    const after = await file()
    expect(after).toBe(page.replace('192.168.1.1', '10.0.0.1'))
    expect(result).toEqual({
      success: true,
      path: 'rete.md',
      sha256: sha256(after),
      bytes: Buffer.byteLength(after),
      replacements: 1,
    })
    expect((await source.readPage('rete')).content).toContain('10.0.0.1')
  })

  it('refuses 0 or 2 matches with the count, and changes nothing', async () => {
    const before = await treeHash(made.wiki)
    const none = await caught(source.editPage({ path: 'rete.md', oldText: 'Cat7', newText: 'x' }))
    expect(none.code).toBe('match_count_mismatch')
    expect(none.data).toEqual({ matches: 0, expected: 1 })
    expect(none.message).toContain('occurs 0 times, expected 1')
    const two = await caught(source.editPage({ path: 'rete.md', oldText: 'Cat6', newText: 'x' }))
    expect(two.data).toEqual({ matches: 2, expected: 1 })
    expect(await treeHash(made.wiki)).toBe(before)
  })

  it('replaces every occurrence when the count is given and right', async () => {
    const result = await source.editPage({
      path: 'rete.md',
      oldText: 'Cat6',
      newText: 'Cat7',
      occurrences: 2,
    })
    expect(result.replacements).toBe(2)
    expect(await file()).toBe(page.replaceAll('Cat6', 'Cat7'))
  })

  it('validates the frontmatter of the edited page', async () => {
    const error = await caught(
      source.editPage({ path: 'rete.md', oldText: 'stato: stabile', newText: 'stato: finito' }),
    )
    expect(error.code).toBe('invalid_frontmatter')
    expect(await file()).toBe(page)
  })

  it('is conditional: a stale checksum is a conflict', async () => {
    const error = await caught(
      source.editPage({
        path: 'rete.md',
        oldText: 'cantina',
        newText: 'soffitta',
        expectedChecksum: 'a'.repeat(64),
      }),
    )
    expect(error.code).toBe('conflict')
    expect(await file()).toBe(page)
  })

  it('refuses a missing page, bad arguments and both forms at once', async () => {
    expect(
      (await caught(source.editPage({ path: 'nuova.md', oldText: 'a', newText: 'b' }))).code,
    ).toBe('not_found')
    const both = await caught(
      source.editPage({
        path: 'rete.md',
        oldText: 'a',
        newText: 'b',
        section: 'Cavi',
        mode: 'append',
        text: 'x',
      }),
    )
    expect(both.code).toBe('invalid_arguments')
    expect(
      (await caught(source.editPage({ path: 'rete.md', oldText: '', newText: 'b' }))).data,
    ).toEqual({ fields: ['oldText'] })
    expect(
      (await caught(source.editPage({ path: 'rete.md', section: 'Cavi', text: 'b' }))).data,
    ).toEqual({ fields: ['mode'] })
  })
})

describe('editPage: sections', () => {
  it('replaces a section body (subsections included), keeping its heading and spacing', async () => {
    await source.editPage({
      path: 'rete.md',
      section: 'Indirizzi',
      mode: 'replace',
      text: 'Tutto in DHCP.\n',
    })
    expect(await file()).toBe(
      page.replace(
        'Il router ha 192.168.1.1.\n\n### IPv6\n\nPrefisso delegato.\n',
        'Tutto in DHCP.\n',
      ),
    )
  })

  it('appends after the subsections and prepends under the heading, by slug too', async () => {
    await source.editPage({ path: 'rete.md', section: 'indirizzi', mode: 'append', text: 'Fine.' })
    await source.editPage({ path: 'rete.md', section: '## Cavi', mode: 'prepend', text: 'Nota.' })
    expect(await file()).toBe(
      page
        .replace('Prefisso delegato.\n', 'Prefisso delegato.\n\nFine.\n')
        .replace('## Cavi\n\n', '## Cavi\n\nNota.\n\n'),
    )
  })

  it('appends to the last section at the end of the file', async () => {
    const text = '# Solo\n\nuno'
    await source.writePage({ path: 'index.md', content: text })
    await source.editPage({ path: 'index.md', section: 'Solo', mode: 'append', text: 'due' })
    expect(await readFile(path.join(made.wiki, 'index.md'), 'utf8')).toBe('# Solo\n\nuno\n\ndue')
  })

  it('ignores headings inside fenced code and lists the real ones on a miss', async () => {
    const error = await caught(
      source.editPage({ path: 'rete.md', section: 'Non un titolo', mode: 'replace', text: '' }),
    )
    expect(error.code).toBe('not_found')
    expect(error.data?.headings).toEqual(['# Rete', '## Indirizzi', '### IPv6', '## Cavi'])
  })

  it('reports an ambiguous heading with its lines', async () => {
    await source.writePage({ path: 'index.md', content: '# I\n\n## A\n\nx\n\n## A\n\ny\n' })
    const error = await caught(
      source.editPage({ path: 'index.md', section: 'A', mode: 'replace', text: 'z' }),
    )
    expect(error.code).toBe('ambiguous')
    expect(error.data?.lines).toEqual([3, 7])
  })

  it('accepts the section checksum from readSection as expectedChecksum', async () => {
    const read = await source.readSection('rete', 'Cavi')
    expect(read.text).toBe(
      '## Cavi\n\nCat6 ovunque. Cat6 anche in soffitta.\n\n```sh\n## Non un titolo\n```\n',
    )
    expect(read.sectionSha256).toBe(sha256(read.text))
    expect(read.sha256).toBe(sha256(page))
    expect(read).toMatchObject({ path: 'rete.md', heading: 'Cavi', sectionSlug: 'cavi', level: 2 })
    await source.editPage({
      path: 'rete.md',
      section: 'Cavi',
      mode: 'replace',
      text: 'Wi-Fi.',
      expectedChecksum: read.sectionSha256,
    })
    // the section changed: its old checksum no longer matches
    const error = await caught(
      source.editPage({
        path: 'rete.md',
        section: 'Cavi',
        mode: 'replace',
        text: 'Fibra.',
        expectedChecksum: read.sectionSha256,
      }),
    )
    expect(error.code).toBe('conflict')
  })
})

describe('readSection', () => {
  it('returns a section with its subsections and line', async () => {
    const read = await source.readSection('rete', 'Indirizzi')
    expect(read.line).toBe(13)
    expect(read.text).toBe(
      '## Indirizzi\n\nIl router ha 192.168.1.1.\n\n### IPv6\n\nPrefisso delegato.\n\n',
    )
  })

  it('says which headings exist when the section is missing', async () => {
    const error = await caught(source.readSection('rete', 'Nessuna'))
    expect(error.code).toBe('not_found')
    expect(error.message).toContain('## Indirizzi')
  })
})
