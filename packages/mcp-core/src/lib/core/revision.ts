import type { ContentBlock } from './content.js'

/**
 * Revisions grouped by what they can carry: 0 = 2024-11-05, 1 = 2025-03-26,
 * 2 = 2025-06-18 and later. Dates compare as strings, so unknown later dates land in 2.
 */
export type RevisionLevel = 0 | 1 | 2

export function revisionLevel(version: string): RevisionLevel {
  if (version >= '2025-06-18') return 2
  if (version >= '2025-03-26') return 1
  return 0
}

/** Whether a content block exists in the revision; older clients would reject the others. */
export function blockAllowed(block: ContentBlock, level: RevisionLevel): boolean {
  if (block.type === 'audio') return level >= 1
  if (block.type === 'resource_link') return level >= 2
  return true
}
