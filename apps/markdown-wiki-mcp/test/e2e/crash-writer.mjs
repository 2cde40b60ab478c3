// Child for the crash test: writes two large versions of one page in turn, forever, pausing
// between fsync and rename (the adapter's test hook) so the parent can SIGKILL it mid-write.
import { readFileSync } from 'node:fs'
import { createMarkdownFolderSource } from '@wiki/wiki-adapters/markdown-folder'

const [wikiPath, versionA, versionB] = process.argv.slice(2)
const contents = [versionA, versionB].map((file) => readFileSync(file, 'utf8'))
let announced = false
const source = await createMarkdownFolderSource({
  wikiPath,
  watch: false,
  lockTimings: { staleMs: 1000, updateMs: 300, timeoutMs: 10_000 },
  beforeRename: () => {
    // tell the parent a write is under way (lock held, temp file synced), then linger a little
    if (!announced) process.stdout.write('writing\n')
    announced = true
    return new Promise((resolve) => setTimeout(resolve, Math.random() * 20))
  },
})
for (let i = 0; ; i += 1) {
  await source.writePage({ path: 'grande.md', content: contents[i % 2] })
}
