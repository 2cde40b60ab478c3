import { readFileSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** What an app's own package.json says about it: the one place its name and version live. */
export interface PackageInfo {
  /** The package name, also the program's, the server's (`serverInfo.name`) and the bin's. */
  readonly name: string
  /** The package version: `--version` and `serverInfo.version`. */
  readonly version: string
  /** The real absolute path of the bin named like the package: what registrations launch. */
  readonly bin: string
  /** The repository's web address, when package.json names one. */
  readonly repository: string | undefined
}

/**
 * Reads name, version, bin and repository from a package.json. Throws a `TypeError` naming the
 * field when one is missing: that is a packaging bug, not a user's mistake.
 */
export function readPackageInfo(packageJson: URL): PackageInfo {
  const file = fileURLToPath(packageJson)
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    name?: unknown
    version?: unknown
    bin?: unknown
    repository?: unknown
  }
  const { name, version } = json
  if (typeof name !== 'string' || name === '') throw new TypeError(`${file}: "name" is missing`)
  if (typeof version !== 'string' || version === '') {
    throw new TypeError(`${file}: "version" is missing`)
  }
  const bins: Record<string, unknown> =
    typeof json.bin === 'string'
      ? { [name]: json.bin }
      : typeof json.bin === 'object' && json.bin !== null
        ? (json.bin as Record<string, unknown>)
        : {}
  const bin = bins[name]
  if (typeof bin !== 'string') throw new TypeError(`${file}: "bin" has no entry "${name}"`)
  // The real path: clients start servers from unrelated directories, and a symlinked install
  // (npm's .bin, pnpm's store) may move while the file it points to stays.
  const binPath = realpathSync(path.resolve(path.dirname(file), bin))
  return { name, version, bin: binPath, repository: repositoryUrl(json.repository) }
}

function repositoryUrl(repository: unknown): string | undefined {
  const url =
    typeof repository === 'string'
      ? repository
      : typeof repository === 'object' && repository !== null
        ? (repository as { url?: unknown }).url
        : undefined
  if (typeof url !== 'string' || url === '') return undefined
  return url.replace(/^git\+/, '').replace(/\.git$/, '')
}
