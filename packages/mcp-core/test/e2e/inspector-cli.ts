// Running the MCP Inspector CLI from the e2e tests. The Inspector is not a dependency: it
// declares Node ≥ 22.19, yet its `--cli` runs on Node 20, so it is run through `pnpm dlx` with the
// engine check off (the download is cached after the first run).
import { execFile } from 'node:child_process'
import { expect } from 'vitest'
import { PACKAGE_DIR } from './helpers.js'

const INSPECTOR = [
  '--config.engine-strict=false',
  '--silent',
  'dlx',
  '@modelcontextprotocol/inspector@2.12.0',
  '--cli',
]

/** Quiet, with the response as JSON on stdout, so a test can parse it. */
const QUIET = ['-q', '--format', 'json']

export interface InspectorRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs `inspector --cli -q --format json ...args` in the package folder and resolves with its exit
 * code and output; it never rejects, so a test can assert any exit code.
 */
export function runInspector(args: readonly string[]): Promise<InspectorRun> {
  return new Promise((resolve) => {
    execFile(
      'pnpm',
      [...INSPECTOR, ...QUIET, ...args],
      { cwd: PACKAGE_DIR, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

/**
 * Runs the Inspector for a call that must succeed: it expects exit code 0 and stdout to be exactly
 * one JSON line holding a `result`, and returns that result.
 */
export async function inspectorResult<Result = Record<string, unknown>>(
  args: readonly string[],
): Promise<Result> {
  const run = await runInspector(args)
  expect(run).toMatchObject({ code: 0 })
  const lines = run.stdout.split('\n').filter((line) => line.trim() !== '')
  if (lines.length !== 1) throw new Error(`expected one stdout line, got:\n${run.stdout}`)
  const value = JSON.parse(lines[0]!) as { result?: Result }
  if (!value.result) throw new Error(`expected {"result":…}, got:\n${run.stdout}`)
  return value.result
}
