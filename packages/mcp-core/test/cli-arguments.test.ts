import { describe, expect, it } from 'vitest'
import { parseArguments, type CliOption } from '../src/lib/node/cli-arguments.js'
import { UsageError } from '@wiki/mcp-core/node'

const options = {
  wiki: { flag: '--wiki', env: 'WIKI', value: 'DIR', help: 'the wiki' },
  key: { env: 'KEY', value: 'K', help: 'env only' },
  quiet: { flag: '--quiet', env: 'QUIET', help: 'a switch' },
} satisfies Record<string, CliOption>

const parse = (argv: string[], env: Record<string, string> = {}, command = false) =>
  parseArguments(options, argv, env, command)

describe('parseArguments', () => {
  it('serves stdio by default; a flag wins over its variable; empty variables are unset', () => {
    expect(parse([], { WIKI: '/env', KEY: '' })).toEqual({
      mode: { kind: 'stdio' },
      values: { wiki: '/env', key: undefined, quiet: undefined },
      httpArgv: [],
    })
    expect(parse(['--wiki', '/flag'], { WIKI: '/env' }).values.wiki).toBe('/flag')
    expect(parse(['--wiki=/inline'], { WIKI: '/env' }).values.wiki).toBe('/inline')
    expect(parse(['--wiki='], { WIKI: '/env' }).values.wiki).toBe('/env')
  })

  it('reads a switch as "true", or the value after =', () => {
    expect(parse(['--quiet']).values.quiet).toBe('true')
    expect(parse(['--quiet=no']).values.quiet).toBe('no')
    expect(parse([], { QUIET: 'true' }).values.quiet).toBe('true')
  })

  it('reads the modes and the --http-* settings anywhere', () => {
    expect(parse(['--http', '--http-port', '0', '--http-token=abc']).mode).toEqual({ kind: 'http' })
    expect(parse(['--http-port', '0', '--http']).httpArgv).toEqual(['--http-port=0'])
    expect(parse(['--check']).mode).toEqual({ kind: 'check', file: undefined })
    expect(parse(['--check', 'a.json', '--wiki', 'w']).mode).toEqual({
      kind: 'check',
      file: 'a.json',
    })
    expect(parse(['--check=b.json']).mode).toEqual({ kind: 'check', file: 'b.json' })
    expect(parse(['--check', '--wiki', 'w'])).toMatchObject({
      mode: { kind: 'check', file: undefined },
      values: { wiki: 'w' },
    })
  })

  it('lets --help and --version win over anything beside them', () => {
    expect(parse(['--bogus', '--help']).mode).toEqual({ kind: 'help' })
    expect(parse(['-h']).mode).toEqual({ kind: 'help' })
    expect(parse(['--http', '--version']).mode).toEqual({ kind: 'version' })
    expect(parse(['-v']).mode).toEqual({ kind: 'version' })
  })

  it('gives the words after the flags to a command, with its own flags, but not ours', () => {
    expect(parse(['run', 'a', '--revid', '5', '--wiki', 'w'], {}, true)).toMatchObject({
      mode: { kind: 'command', args: ['run', 'a', '--revid', '5'] },
      values: { wiki: 'w' },
    })
    expect(parse(['--wiki', 'w', '--', '--not-a-flag'], {}, true).mode).toEqual({
      kind: 'command',
      args: ['--not-a-flag'],
    })
  })

  it.each([
    [['--bogus'], /unknown option "--bogus"/],
    [['word'], /unexpected argument "word"/],
    [['--wiki'], /--wiki needs a value/],
    [['--http', '--check'], /--http and --check cannot be combined/],
    [['--stdio', '--http'], /--stdio and --http cannot be combined/],
    [['--http=yes'], /--http takes no value/],
    [['--', 'x'], /unexpected argument "x"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parse(argv)).toThrow(UsageError)
    expect(() => parse(argv)).toThrow(message)
  })

  it('refuses a command beside a mode', () => {
    expect(() => parse(['--http', 'run'], {}, true)).toThrow(/--http and the command "run"/)
  })
})
