import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { UsageError } from '@wiki/mcp-core/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPTIONS, readConfig } from '../src/config.js'

// Reading flags and variables (flags win, empty variables unset) is mcp-core's runServerCli;
// these are the app's own rules on the values it gets.
let base: string
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'md-wiki-config-'))
  await mkdir(path.join(base, 'wiki'))
  await mkdir(path.join(base, 'raw'))
})
afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

const EXAMPLE_WIKI = fileURLToPath(
  new URL('../../../fixtures/markdown-wiki/wiki/', import.meta.url),
)

type Values = Parameters<typeof readConfig>[0]
const none = Object.fromEntries(Object.keys(OPTIONS).map((key) => [key, undefined])) as Values

function problemsOf(values: Values): string {
  try {
    readConfig(values)
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as Error).message
  }
  throw new Error('readConfig accepted the values')
}

describe('readConfig', () => {
  it('reads the folders, the schema and the switches', () => {
    const config = readConfig({
      ...none,
      wikiPath: path.join(base, 'wiki'),
      rawPath: path.join(base, 'raw'),
      schema: 'en',
      readOnly: 'true',
    })
    expect(config).toMatchObject({ schemaName: 'en', domain: undefined, readOnly: true })
    expect(config.schema.fields[0]?.key).toBe('type')
  })

  it('exposes raw over HTTP only for exactly "true"', () => {
    for (const [value, exposed] of [
      ['true', true],
      ['TRUE', false],
      ['1', false],
      [' true', false],
    ] as const) {
      const config = readConfig({ ...none, wikiPath: path.join(base, 'wiki'), exposeRaw: value })
      expect(config.exposeRaw).toBe(exposed)
      expect(config.exposeRawValue).toBe(value)
    }
  })

  it('names every offender in one message: missing wiki, bad zone, long domain', () => {
    const text = problemsOf({
      ...none,
      wikiPath: path.join(base, 'missing'),
      timeZone: 'Nowhere/Town',
      domain: 'x'.repeat(501),
    })
    for (const name of ['WIKI_PATH', 'WIKI_TZ', 'WIKI_DOMAIN']) expect(text).toContain(name)
    expect(problemsOf({ ...none, wikiPath: base, rawPath: path.join(base, 'raw') })).toBe(
      'WIKI_PATH and RAW_PATH must not be equal or nested',
    )
  })

  it('keeps the index cache outside the wiki: XDG by default, a file, or off', () => {
    const wikiPath = path.join(base, 'wiki')
    const real = readConfig({ ...none, wikiPath }).wikiPath
    const saved = process.env.XDG_CACHE_HOME
    process.env.XDG_CACHE_HOME = path.join(base, 'xdg')
    try {
      const byDefault = readConfig({ ...none, wikiPath }).indexPath
      expect(path.dirname(byDefault ?? '')).toBe(path.join(base, 'xdg', 'markdown-wiki-mcp'))
      expect(byDefault?.startsWith(real)).toBe(false)
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME
      else process.env.XDG_CACHE_HOME = saved
    }
    expect(readConfig({ ...none, wikiPath, indexPath: 'off' }).indexPath).toBeUndefined()
    const chosen = path.join(base, 'elsewhere.index')
    expect(readConfig({ ...none, wikiPath, indexPath: chosen }).indexPath).toBe(chosen)
    expect(problemsOf({ ...none, wikiPath, indexPath: path.join(real, 'x.index') })).toContain(
      'must be outside WIKI_PATH',
    )
  })

  it('takes a search language of it, en or none and names any other', () => {
    const wikiPath = path.join(base, 'wiki')
    expect(readConfig({ ...none, wikiPath }).language).toBeUndefined()
    expect(readConfig({ ...none, wikiPath, language: 'en' }).language).toBe('en')
    expect(problemsOf({ ...none, wikiPath, language: 'fr' })).toBe(
      'WIKI_LANGUAGE "fr" must be it, en or none',
    )
  })

  it('loads a custom schema file and reports its JSON pointers when invalid', async () => {
    const good = path.join(base, 'good.json')
    await writeFile(
      good,
      JSON.stringify({
        language: 'none',
        fields: [{ key: 'kind', role: 'type', kind: 'enum', values: ['a'], required: true }],
        exempt: [],
      }),
    )
    expect(
      readConfig({ ...none, wikiPath: path.join(base, 'wiki'), schema: good }).schema.language,
    ).toBe('none')
    const bad = path.join(base, 'bad.json')
    await writeFile(
      bad,
      JSON.stringify({
        language: 'en',
        fields: [{ key: 'k', kind: 'enum', values: [], required: true }],
        extra: 1,
      }),
    )
    const problems = problemsOf({ ...none, wikiPath: path.join(base, 'wiki'), schema: bad })
    expect(problems).toContain('/fields/0/values')
    expect(problems).toContain('/extra')
  })

  it('chooses the schema with auto by default and says why; --schema notes overrides', () => {
    const auto = readConfig({ ...none, wikiPath: path.join(base, 'wiki') })
    expect(auto).toMatchObject({ schemaName: 'notes' })
    expect(auto.schema.fields).toEqual([])
    expect(auto.schemaReason).toMatch(/^chosen by auto: no LLM-wiki service pages/)
    const example = readConfig({ ...none, wikiPath: EXAMPLE_WIKI })
    expect(example.schemaName).toBe('it')
    expect(example.schema.fields[0]?.key).toBe('tipo')
    const set = readConfig({ ...none, wikiPath: EXAMPLE_WIKI, schema: 'notes' })
    expect(set).toMatchObject({ schemaName: 'notes', schemaReason: 'set by --schema' })
    expect(problemsOf({ ...none, wikiPath: base, schema: 'fr' })).toContain(
      'is neither auto, it, en, notes nor a readable JSON file',
    )
  })

  it('registers both folders as absolute paths, with placeholders when unset', () => {
    expect(OPTIONS.wikiPath).toMatchObject({ path: true, register: true })
    expect(OPTIONS.rawPath).toMatchObject({ path: true, register: true })
    expect(OPTIONS.wikiPath.placeholder).toMatch(/^<.*>$/)
  })
})
