// The conformance baseline may only shrink: every entry must be one the specification allows, and
// none of the scenarios that must pass may be excused.
import { describe, expect, it } from 'vitest'
import { MUST_PASS, readBaseline } from './conformance/baseline.mjs'

/** The expected failures the specification allows. */
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
