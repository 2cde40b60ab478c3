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
