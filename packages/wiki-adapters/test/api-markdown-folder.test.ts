import { describe, expect, it } from 'vitest'

describe('public API', () => {
  it('@wiki/wiki-adapters/markdown-folder exports exactly its names', async () => {
    expect(Object.keys(await import('@wiki/wiki-adapters/markdown-folder')).sort()).toEqual([
      'WikiSourceError',
      'createMarkdownFolderSource',
      'detectFrontmatterSchema',
      'frontmatterPresets',
      'parseFrontmatterSchema',
    ])
  })
})
