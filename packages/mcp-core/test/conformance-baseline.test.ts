// The conformance baseline may only shrink: every entry must be one the specification allows, and
// none of the scenarios that must pass may be excused.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** The expected failures the specification allows (mcp-core spec §10.3). */
const ALLOWED = [
  'logging-set-level',
  'tools-call-with-logging',
  'completion-complete',
  'tools-call-sampling',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'server-sse-multiple-streams',
]

/** Scenarios that must pass (§10.3), so they can never be listed. */
const MUST_PASS = [
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'tools-call-with-progress',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
]

/** Reads the `server:` list of the baseline (a flat YAML list; comments allowed). */
function readBaseline(): { keys: string[]; entries: string[] } {
  const text = readFileSync(new URL('conformance/baseline.yml', import.meta.url), 'utf8')
  const keys: string[] = []
  const entries: string[] = []
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').replace(/^#.*$/, '')
    if (line.trim() === '') continue
    const key = /^([a-z]+):\s*$/.exec(line)
    const entry = /^\s+-\s+([a-z0-9-]+)\s*$/.exec(line)
    if (key) keys.push(key[1]!)
    else if (entry) entries.push(entry[1]!)
    else throw new Error(`baseline.yml: unexpected line ${JSON.stringify(raw)}`)
  }
  return { keys, entries }
}

describe('test/conformance/baseline.yml', () => {
  const { keys, entries } = readBaseline()

  it('has only the server section', () => {
    expect(keys).toEqual(['server'])
  })

  it('lists only failures the specification allows, once each', () => {
    expect(entries.filter((entry) => !ALLOWED.includes(entry))).toEqual([])
    expect(new Set(entries).size).toBe(entries.length)
  })

  it('excuses none of the scenarios that must pass', () => {
    expect(entries.filter((entry) => MUST_PASS.includes(entry))).toEqual([])
  })
})
