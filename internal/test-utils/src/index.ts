export { expectFixture } from './expect-fixture.js'
export { makePdf } from './make-pdf.mjs'
export { repoPath, sharedDir, SHARED_MISSING_REASON } from './shared-dir.js'
export { readWorkspacePackages, type WorkspacePackage } from './workspace-packages.js'
export {
  MEDIAWIKI_ADMIN,
  mediaWikiAvailable,
  startMediaWiki,
  type LocalMediaWiki,
  type StartMediaWikiOptions,
} from './mediawiki.js'
export { loginMediaWiki, type MediaWikiSession } from './mediawiki-session.js'
export { freePort } from './free-port.js'
export { mutateJson, seededRandom } from './fuzz-json.js'
export {
  startLocalRegistry,
  VERDACCIO_BIN,
  type LocalRegistry,
  type StartLocalRegistryOptions,
} from './local-registry.js'
export {
  compareVersions,
  installedPackage,
  runtimeDependencies,
  type InstalledPackage,
} from './runtime-dependencies.js'
export {
  markdownSection,
  readmeRegistrations,
  shellWords,
  type ReadmeRegistrations,
  type StdioRegistration,
} from './readme-registrations.js'
