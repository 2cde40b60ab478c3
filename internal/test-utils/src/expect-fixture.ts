import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

/**
 * Compares `actual` with the fixture file at `url`. Under `UPDATE=1` the file is rewritten
 * instead; a missing file fails with a hint, so fixtures are never created silently.
 */
export function expectFixture(actual: string, url: URL): void {
  const path = fileURLToPath(url)
  if (process.env.UPDATE === '1') {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, actual)
    return
  }
  if (!existsSync(path)) {
    throw new Error(
      `Fixture ${path} is missing: run the test with UPDATE=1 to create it, then review it.`,
    )
  }
  expect(actual).toBe(readFileSync(path, 'utf8'))
}
