import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCommandLine } from '../src/config.js'

let base: string
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'md-wiki-config-'))
  await mkdir(path.join(base, 'wiki'))
  await mkdir(path.join(base, 'raw'))
})
afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

describe('parseCommandLine', () => {
  it('flags override the environment and empty variables count as unset', () => {
    const parsed = parseCommandLine(['--wiki-path', path.join(base, 'wiki'), '--schema=en'], {
      WIKI_PATH: '/nowhere',
      RAW_PATH: path.join(base, 'raw'),
      WIKI_DOMAIN: '',
      WIKI_SCHEMA: 'it',
    })
    expect(parsed.problems).toEqual([])
    expect(parsed.config).toMatchObject({
      transport: 'stdio',
      schemaName: 'en',
      domain: undefined,
      readOnly: false,
    })
    expect(parsed.config?.schema.fields[0]?.key).toBe('type')
  })

  it('exposes raw over HTTP only for exactly "true"', () => {
    const env = { WIKI_PATH: path.join(base, 'wiki') }
    for (const [value, exposed] of [
      ['true', true],
      ['TRUE', false],
      ['1', false],
      [' true', false],
    ] as const) {
      const parsed = parseCommandLine(['--http'], { ...env, MCP_HTTP_EXPOSE_RAW: value })
      expect(parsed.config?.exposeRaw).toBe(exposed)
      expect(parsed.config?.exposeRawValue).toBe(value)
    }
  })

  it('names every offender: missing wiki, nested raw, bad zone, long domain, unknown flag', () => {
    const parsed = parseCommandLine(['--bogus'], {
      WIKI_PATH: path.join(base, 'missing'),
      WIKI_TZ: 'Nowhere/Town',
      WIKI_DOMAIN: 'x'.repeat(501),
    })
    expect(parsed.config).toBeUndefined()
    const text = parsed.problems.join('; ')
    for (const name of ['--bogus', 'WIKI_PATH', 'WIKI_TZ', 'WIKI_DOMAIN'])
      expect(text).toContain(name)
    const nested = parseCommandLine([], { WIKI_PATH: base, RAW_PATH: path.join(base, 'raw') })
    expect(nested.problems).toEqual(['WIKI_PATH and RAW_PATH must not be equal or nested'])
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
      parseCommandLine([], { WIKI_PATH: path.join(base, 'wiki'), WIKI_SCHEMA: good }).config?.schema
        .language,
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
    const problems = parseCommandLine([], {
      WIKI_PATH: path.join(base, 'wiki'),
      WIKI_SCHEMA: bad,
    }).problems.join(' ')
    expect(problems).toContain('/fields/0/values')
    expect(problems).toContain('/extra')
  })

  it('--help, --version and --check need no wiki', () => {
    expect(parseCommandLine(['--help'], {}).command).toBe('help')
    expect(parseCommandLine(['-V'], {}).command).toBe('version')
    expect(parseCommandLine(['--check'], {}).command).toBe('check')
  })
})
