import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { repoPath } from '../src/index.js'

// The repository explains itself: a comment, README, changelog or doc gives the reason, never a
// pointer into a document that is not here (a first-phase specification's file name followed by a
// section sign and a number, or "see the spec"). What must stay is written in docs/ in the
// project's own words.
const SECTION = '\u00a7'
const OUTSIDE_DOCUMENTS = [
  'arch-wiki',
  'markdown-wiki',
  'wikitext-parser',
  'mcp-core',
  'ahawiki',
  'architecture',
]
const RULES: { why: string; pattern: RegExp }[] = [
  { why: 'a section number of another document', pattern: new RegExp(`${SECTION} ?\\d`) },
  {
    // A path into this repository (`docs/architecture.md`) is fine; the bare name is the spec.
    why: 'a specification that is not in the repository',
    pattern: new RegExp(`(?<![\\w./-])(?:${OUTSIDE_DOCUMENTS.join('|')})\\.md\\b`),
  },
  { why: '"the spec"', pattern: /\b(?:the|shared) spec\b/i },
]

/** `file:line: text` for every line of `text` that cites a document outside the repository. */
function citations(file: string, text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, index) => {
    for (const { why, pattern } of RULES) {
      if (pattern.test(line))
        found.push(`${file}:${index + 1}: ${why}: ${line.trim().slice(0, 160)}`)
    }
  })
  return found
}

const SELF = 'internal/test-utils/test/no-outside-citations.test.ts'
const checked = execFileSync('git', ['ls-files', '-z'], { cwd: repoPath(), encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && file !== SELF)
  .filter((file) => {
    if (/(?:^|\/)README\.md$/.test(file) || /(?:^|\/)CHANGELOG\.md$/.test(file)) return true
    if (/^docs\/.*\.md$/.test(file) || /^\.changeset\/.*\.md$/.test(file) || file === '.ci/run') {
      return true
    }
    // Sources and scripts, tests included; recorded data and vendored files are not ours to word.
    if (/(?:^|\/)(?:fixtures|vendor|node_modules)\//.test(file)) return false
    return /^(?:packages|apps|internal|scripts|bench)\/.*\.(?:ts|mts|cts|js|mjs|cjs)$/.test(file)
  })

describe('citations of documents outside the repository', () => {
  it('are recognised', () => {
    expect(citations('a.ts', `// see arch-wiki.md ${SECTION}13`)).toHaveLength(2)
    expect(citations('a.ts', `/** Rows 2-4 of ${SECTION}7.1. */`)).toHaveLength(1)
    expect(citations('a.ts', '// as the spec says')).toHaveLength(1)
    expect(citations('README.md', 'Layout: [docs/architecture.md](docs/architecture.md).')).toEqual(
      [],
    )
    expect(citations('a.ts', "const page = 'concetti/dns.md'")).toEqual([])
  })

  it('are found nowhere in sources, READMEs, changelogs, changesets and docs', () => {
    expect(checked.length).toBeGreaterThan(100)
    const found = checked.flatMap((file) => citations(file, readFileSync(repoPath(file), 'utf8')))
    expect(found).toEqual([])
  })
})
