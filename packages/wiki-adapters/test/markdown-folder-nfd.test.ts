// File names in NFD (as macOS writes them): the catalog compares names in NFC, and every write must
// land on the file that was read rather than on an NFC twin beside it.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { makeWiki } from './markdown-folder/helpers.js'

const NFD_FOLDER = 'Ca\u0301ffe\u0300'
const NFD_FILE = 'cafe\u0301.md'
let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource

beforeEach(async () => {
  made = await makeWiki({ [NFD_FILE]: '# Café\n\nold\n', [`${NFD_FOLDER}/note.md`]: 'old\n' })
  source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    // no field required, written out so the test runs unchanged on code without the notes preset
    schema: { language: 'none', fields: [], exempt: [] },
    watch: false,
  })
})
afterEach(async () => {
  await source.close()
  await made.cleanup()
})

describe('NFD file names', () => {
  it('a conditional write after a read succeeds and replaces the NFD file', async () => {
    const read = await source.readPage('café')
    expect(read.path).toBe('café.md')
    const written = await source.writePage({
      path: 'café.md',
      content: '# Café\n\nnew\n',
      expectedChecksum: read.sha256,
    })
    expect(written.created).toBe(false)
    expect(await readdir(made.wiki)).toEqual(expect.arrayContaining([NFD_FILE]))
    expect((await readdir(made.wiki)).filter((n) => n.endsWith('.md'))).toEqual([NFD_FILE])
    expect(await readFile(path.join(made.wiki, NFD_FILE), 'utf8')).toBe('# Café\n\nnew\n')
  })

  it('an unconditional write, also through an NFD folder, lands on the file that was read', async () => {
    const nfcFolder = NFD_FOLDER.normalize('NFC')
    await source.writePage({ path: `${nfcFolder}/note.md`, content: 'new\n' })
    await source.writePage({ path: 'café.md', content: 'plain\n' })
    expect((await readdir(made.wiki)).sort()).toEqual([NFD_FOLDER, NFD_FILE].sort())
    expect(await readdir(path.join(made.wiki, NFD_FOLDER))).toEqual(['note.md'])
    expect(await readFile(path.join(made.wiki, NFD_FOLDER, 'note.md'), 'utf8')).toBe('new\n')
    expect((await source.readPage(`${nfcFolder}/note`)).content).toBe('new')
    expect((await source.listPages()).total).toBe(2)
  })

  it('the checksum of the NFC name is the NFD file’s, as the read gave it', async () => {
    const read = await source.readPage('café')
    expect((await source.checksum('café.md')).sha256).toBe(read.sha256)
  })
})
