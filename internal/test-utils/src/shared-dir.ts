import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** The repository's root folder. */
export function repoPath(...segments: string[]): string {
  return resolve(repoRoot, ...segments)
}

/**
 * Where `../shared/` is: `WIKI_SHARED_DIR`, or the folder beside the repository. Returns
 * undefined when it is absent, which only a user's clone may see: under `CI` it is an error.
 */
export function sharedDir(): string | undefined {
  const dir = process.env.WIKI_SHARED_DIR ?? resolve(repoRoot, '../shared')
  if (existsSync(resolve(dir, 'arch-fixtures'))) return dir
  if (process.env.CI) {
    throw new Error(
      `../shared/arch-fixtures is missing at ${dir}; CI must run with ../shared beside the clone.`,
    )
  }
  return undefined
}

/** Why a suite that needs `../shared/` is skipped here, for `describe.skipIf(...)` titles. */
export const SHARED_MISSING_REASON =
  'skipped: ../shared/arch-fixtures is not beside this clone (recorded Arch Wiki data is not redistributed)'
