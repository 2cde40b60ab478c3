import { describe } from 'vitest'
import { testFixtureFolders } from './helpers/test-fixture-folders.js'

// Each fixture folder's tree.json is the tree of its input.wikitext, positions included. The
// folders' output.md files belong to the Markdown tests.
describe('fixtures', () => {
  testFixtureFolders('tree.json', (tree) => JSON.stringify(tree, null, 2) + '\n')
})
