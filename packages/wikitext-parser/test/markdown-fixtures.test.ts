import { describe } from 'vitest'
import { archwiki } from '@wiki/wikitext-parser'
import { toMarkdown } from '@wiki/wikitext-parser/markdown'
import { testFixtureFolders } from './helpers/test-fixture-folders.js'

// Each fixture folder's output.md is the archwiki rendering of its input.wikitext.
describe('Markdown fixtures', () => {
  testFixtureFolders('output.md', (tree) => `${toMarkdown(tree, { profile: archwiki })}\n`)
})
