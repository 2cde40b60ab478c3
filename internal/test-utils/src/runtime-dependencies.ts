import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** One installed third-party package: its name, version and the folder it is installed in. */
export interface InstalledPackage {
  readonly name: string
  readonly version: string
  readonly dir: string
}

interface Manifest {
  name: string
  version: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest

/** The installed package Node's resolution finds from `fromDir`, or undefined. */
export function installedPackage(name: string, fromDir: string): InstalledPackage | undefined {
  const dir = installedFolder(name, fromDir)
  if (dir === undefined) return undefined
  const { version } = readManifest(dir)
  return { name, version, dir }
}

/** The folder Node's resolution finds `name` in from `fromDir` (each `node_modules` upwards). */
function installedFolder(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate)
    if (dirname(dir) === dir) return undefined
  }
}

/**
 * Every third-party package the given folders need at run time, as pnpm installed them: their
 * `dependencies`, the optional ones that are installed, and their non-optional peers, followed
 * transitively. A dependency named in `workspace` (a workspace package's name) is followed
 * into its folder but not listed. Throws when a required dependency is not installed.
 */
export function runtimeDependencies(
  dirs: readonly string[],
  workspace: ReadonlyMap<string, string> = new Map(),
): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>()
  const visited = new Set<string>()
  const visit = (dir: string): void => {
    if (visited.has(dir)) return
    visited.add(dir)
    const manifest = readManifest(dir)
    const optionalPeers = manifest.peerDependenciesMeta ?? {}
    const wanted = [
      ...Object.keys(manifest.dependencies ?? {}).map((name) => ({ name, optional: false })),
      ...Object.keys(manifest.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
      ...Object.keys(manifest.peerDependencies ?? {}).map((name) => ({
        name,
        optional: optionalPeers[name]?.optional === true,
      })),
    ]
    for (const { name, optional } of wanted) {
      const workspaceDir = workspace.get(name)
      if (workspaceDir !== undefined) {
        visit(workspaceDir)
        continue
      }
      const folder = installedFolder(name, dir)
      if (folder === undefined) {
        if (optional) continue
        throw new Error(`${manifest.name} needs ${name}, which is not installed from ${dir}`)
      }
      const installed = readManifest(folder)
      found.set(`${installed.name}@${installed.version}`, {
        name: installed.name,
        version: installed.version,
        dir: folder,
      })
      visit(folder)
    }
  }
  for (const dir of dirs) visit(dir)
  return [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || compareVersions(a.version, b.version),
  )
}

/** Orders semantic versions by their numbers (a pre-release before its release). */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', preA] = a.split('-', 2)
  const [coreB = '', preB] = b.split('-', 2)
  const numbersA = coreA.split('.').map(Number)
  const numbersB = coreB.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    const diff = (numbersA[i] ?? 0) - (numbersB[i] ?? 0)
    if (diff !== 0) return diff
  }
  if (preA === preB) return 0
  if (preA === undefined) return 1
  if (preB === undefined) return -1
  return preA.localeCompare(preB, 'en', { numeric: true })
}
