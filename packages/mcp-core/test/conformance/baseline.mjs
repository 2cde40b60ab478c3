// What both the conformance runner (run.mjs) and its baseline test (conformance-baseline.test.ts)
// need to agree on: where the expected-failures list lives, how to read it, and which scenarios the
// specification requires to pass. Plain JavaScript, because run.mjs runs on Node 20 without a build.
import { readFileSync } from 'node:fs'

/** The expected-failures file handed to the suite as `--expected-failures`. */
export const baselineUrl = new URL('./baseline.yml', import.meta.url)

/** Scenarios the specification requires to pass, so they can never be listed. */
export const MUST_PASS = Object.freeze([
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
])

/**
 * Reads the baseline: its top-level keys and its list entries (a flat YAML list; comments allowed).
 * Throws on any other line, so a shape the suite might read differently never passes unnoticed.
 */
export function readBaseline() {
  const text = readFileSync(baselineUrl, 'utf8')
  const keys = []
  const entries = []
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').replace(/^#.*$/, '')
    if (line.trim() === '') continue
    const key = /^([a-z]+):\s*$/.exec(line)
    const entry = /^\s+-\s+([a-z0-9-]+)\s*$/.exec(line)
    if (key) keys.push(key[1])
    else if (entry) entries.push(entry[1])
    else throw new Error(`baseline.yml: unexpected line ${JSON.stringify(raw)}`)
  }
  return { keys, entries }
}
