import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readWorkspacePackages } from '../../src/index.js'

// Every ```ts example in a package README runs against the built package, as a user would paste
// it, unless an HTML comment right above it says why it cannot (`<!-- not run: … -->`). A line
// `expression // 'value'` (a string, number or boolean literal) is also checked: the README's
// claimed result must be the real one.
interface Example {
  file: string
  line: number
  code: string
}

const RESULT_COMMENT =
  /^(?!\s*(?:const|let|import|\/\/))(.+?)\s+\/\/ ('(?:[^'\\]|\\.)*'|-?\d+|true|false)\s*$/

function examplesOf(dir: string, file: string): Example[] {
  const lines = readFileSync(file, 'utf8').split('\n')
  const examples: Example[] = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```ts') continue
    const end = lines.indexOf('```', i + 1)
    const above = lines.slice(Math.max(0, i - 2), i).join('\n')
    if (!above.includes('<!-- not run:')) {
      examples.push({
        file: `${dir}/README.md`,
        line: i + 1,
        code: lines.slice(i + 1, end).join('\n'),
      })
    }
    i = end
  }
  return examples
}

/** Turns `expr // 'value'` lines into checks that throw with the README line on a mismatch. */
function withChecks(example: Example): string {
  const body = example.code
    .split('\n')
    .map((text, index) => {
      const match = RESULT_COMMENT.exec(text)
      if (!match) return text
      const [, expression, expected] = match
      return `__check(${expression}, ${expected}, ${example.line + index + 1})`
    })
    .join('\n')
  const check = `const __check = (actual, expected, line) => { if (actual !== expected) throw new Error('README line ' + line + ': got ' + JSON.stringify(actual) + ', README says ' + JSON.stringify(expected)) }\n`
  return check + body
}

const packages = readWorkspacePackages().filter((p) => p.group === 'packages')
const examples = packages.flatMap((p) =>
  examplesOf(`packages/${p.folder}`, `${p.dir}/README.md`).map((e) => ({ ...e, dir: p.dir })),
)

describe('README examples', () => {
  it('exist in every package README', () => {
    for (const p of packages) expect(examples.some((e) => e.dir === p.dir)).toBe(true)
  })

  it.each(examples.map((e) => [`${e.file}:${e.line}`, e] as const))('%s runs', (_name, example) => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', withChecks(example)], {
      cwd: example.dir,
      encoding: 'utf8',
      input: '',
      timeout: 30_000,
    })
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.status).toBe(0)
  })
})
