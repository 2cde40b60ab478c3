import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { repoPath } from './shared-dir.js'

export interface WorkspacePackage {
  dir: string
  folder: string
  group: 'packages' | 'apps' | 'internal'
  json: {
    name: string
    version: string
    private?: boolean
    /** The MCP Registry name an app's server.json publishes it under. */
    mcpName?: string
    engines?: { node?: string }
    bin?: Record<string, string>
    exports?: Record<string, unknown>
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
    peerDependencies?: Record<string, string>
    files?: string[]
  }
}

export function readWorkspacePackages(): WorkspacePackage[] {
  const out: WorkspacePackage[] = []
  for (const group of ['packages', 'apps', 'internal'] as const) {
    const base = repoPath(group)
    for (const folder of readdirSync(base).sort()) {
      const file = join(base, folder, 'package.json')
      if (!existsSync(file)) continue
      out.push({
        dir: join(base, folder),
        folder,
        group,
        json: JSON.parse(readFileSync(file, 'utf8')) as WorkspacePackage['json'],
      })
    }
  }
  return out
}
