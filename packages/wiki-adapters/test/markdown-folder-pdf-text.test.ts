// pdftotext on a hostile PDF may spin for a long time, eat memory or print tens of millions of
// characters. These cases stand a small script in for pdftotext, so each bound is seen to hold:
// time, memory, output, processes at once, remembered failures, a cache bounded by size, and
// messages that never name an absolute path.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
  type WikiSourceError,
} from '@wiki/wiki-adapters/markdown-folder'
import { createPdfTextExtractor, DEFAULT_PDF_LIMITS } from '../src/lib/markdown-folder/pdf-text.js'
import { makeWiki, put } from './markdown-folder/helpers.js'

let folder: string
let calls: string

/** A stand-in for pdftotext: logs each call to `calls`, then runs `body` (sh). */
async function fakePdftotext(body: string): Promise<string> {
  const file = path.join(folder, `pdftotext-${Math.random().toString(16).slice(2)}`)
  await writeFile(
    file,
    `#!/bin/sh\necho "start $$" >> '${calls}'\n${body}\necho "end $$" >> '${calls}'\n`,
  )
  await chmod(file, 0o755)
  return file
}

async function callLog(): Promise<string[]> {
  try {
    return (await readFile(calls, 'utf8')).split('\n').filter((line) => line !== '')
  } catch {
    return []
  }
}

const limits = (overrides: Partial<typeof DEFAULT_PDF_LIMITS>) => ({
  ...DEFAULT_PDF_LIMITS,
  ...overrides,
})

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'pdf-text-test-'))
  calls = path.join(folder, 'calls.log')
})
afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

describe('createPdfTextExtractor', () => {
  it('stops a run past its time limit and remembers the failure for that version', async () => {
    const extractor = createPdfTextExtractor(
      await fakePdftotext('sleep 20'),
      limits({ timeoutMs: 300 }),
    )
    const started = Date.now()
    const first = await extractor.extract('/some/where/secret.pdf', 'v1')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(first).toEqual({
      ok: false,
      missing: false,
      detail: 'pdftotext took longer than 300 ms',
    })
    expect(await extractor.extract('/some/where/secret.pdf', 'v1')).toEqual(first)
    expect((await callLog()).filter((line) => line.startsWith('start'))).toHaveLength(1)
    // A new version of the file is tried again.
    await extractor.extract('/some/where/secret.pdf', 'v2')
    expect((await callLog()).filter((line) => line.startsWith('start'))).toHaveLength(2)
  })

  it('refuses more text than the output limit instead of keeping it', async () => {
    const extractor = createPdfTextExtractor(
      await fakePdftotext('head -c 200000 /dev/zero | tr "\\0" a'),
      limits({ maxOutputBytes: 100_000 }),
    )
    expect(await extractor.extract(path.join(folder, 'big.pdf'), 'v1')).toEqual({
      ok: false,
      missing: false,
      detail: 'pdftotext produced more than 100000 bytes of text',
    })
  })

  it('runs pdftotext under the memory limit', async () => {
    const extractor = createPdfTextExtractor(
      await fakePdftotext('ulimit -v'),
      limits({ memoryBytes: 256 * 1024 * 1024 }),
    )
    const result = await extractor.extract(path.join(folder, 'a.pdf'))
    expect(result).toEqual({ ok: true, text: `${256 * 1024}\n` })
  })

  it('runs at most `concurrency` processes at once; the others wait their turn', async () => {
    const extractor = createPdfTextExtractor(
      await fakePdftotext('sleep 0.3; echo done'),
      limits({ concurrency: 2 }),
    )
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => extractor.extract(path.join(folder, `${i}.pdf`), 'v')),
    )
    expect(results.every((result) => result.ok)).toBe(true)
    let running = 0
    let most = 0
    for (const line of await callLog()) {
      running += line.startsWith('start') ? 1 : -1
      most = Math.max(most, running)
    }
    expect(most).toBe(2)
  })

  it('keeps the cached text under its size bound, least recently used first out', async () => {
    const extractor = createPdfTextExtractor(
      await fakePdftotext('printf 12345678'),
      limits({ cacheChars: 20 }),
    )
    const runs = async () => (await callLog()).filter((line) => line.startsWith('start')).length
    await extractor.extract('/a.pdf', 'v')
    await extractor.extract('/b.pdf', 'v')
    await extractor.extract('/a.pdf', 'v') // a hit: a is now the most recent
    expect(await runs()).toBe(2)
    await extractor.extract('/c.pdf', 'v') // 24 characters: b goes
    await extractor.extract('/a.pdf', 'v')
    expect(await runs()).toBe(3)
    await extractor.extract('/b.pdf', 'v')
    expect(await runs()).toBe(4)
  })

  it('passes on no message of pdftotext, which names the file by its absolute path', async () => {
    const pdf = path.join(folder, 'private', 'report.pdf')
    const extractor = createPdfTextExtractor(
      await fakePdftotext(`echo "Syntax Error: Couldn't read ${pdf}" >&2; exit 1`),
    )
    const result = await extractor.extract(pdf, 'v')
    expect(result).toEqual({
      ok: false,
      missing: false,
      detail: 'pdftotext could not read it (exit status 1)',
    })
  })

  it('reports a missing pdftotext as missing, and tries again next time', async () => {
    const extractor = createPdfTextExtractor(path.join(folder, 'no-such-pdftotext'))
    const result = await extractor.extract('/a.pdf', 'v')
    expect(result).toMatchObject({ ok: false, missing: true })
    expect(await extractor.extract('/a.pdf', 'v')).toMatchObject({ ok: false, missing: true })
  })
})

describe('raw PDF reads through the markdown folder source', () => {
  let made: Awaited<ReturnType<typeof makeWiki>>
  let source: MarkdownFolderSource | undefined
  beforeEach(async () => {
    made = await makeWiki({ 'index.md': '# Indice\n' })
  })
  afterEach(async () => {
    await source?.close()
    source = undefined
    await made.cleanup()
  })

  const open = async (pdftotext: string) => {
    source = await createMarkdownFolderSource({
      wikiPath: made.wiki,
      rawPath: made.raw,
      watch: false,
      commands: { pdftotext },
    })
    return source
  }

  it('refuses a PDF whose text is too large, runs pdftotext once for it, names no absolute path', async () => {
    await put(made.raw, 'huge.pdf', '%PDF-1.4 hostile')
    const wiki = await open(
      await fakePdftotext(
        `echo "warning: ${made.raw}/huge.pdf" >&2; head -c 17000000 /dev/zero | tr "\\0" a`,
      ),
    )
    for (let i = 0; i < 2; i++) {
      const error = (await wiki.raw.read('huge.pdf').catch((e: unknown) => e)) as WikiSourceError
      expect(error.code).toBe('unsupported_file')
      expect(error.message).toBe(
        `raw/huge.pdf cannot be read as text: pdftotext produced more than ${DEFAULT_PDF_LIMITS.maxOutputBytes} bytes of text`,
      )
      expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain(made.base)
    }
    expect((await callLog()).filter((line) => line.startsWith('start'))).toHaveLength(1)
  })

  it('keeps an absolute path out of a failed read', async () => {
    await put(made.raw, 'bad.pdf', '%PDF-1.4 hostile')
    const wiki = await open(
      await fakePdftotext(`echo "I/O Error: ${made.raw}/bad.pdf" >&2; exit 3`),
    )
    const error = (await wiki.raw.read('bad.pdf').catch((e: unknown) => e)) as WikiSourceError
    expect(error.code).toBe('unsupported_file')
    expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain(made.base)
  })
})
