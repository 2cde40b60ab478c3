// Child for the crash test: writes two large versions of one page in turn, forever, pausing
// between fsync and rename (the adapter's test hook) so the parent can SIGKILL it mid-write.
// With `hold` as the fourth argument it stops inside one write after a random 0–60 ms (lock held,
// temp file synced, not renamed), says `held` and waits there to be killed: a kill that lands
// between two writes leaves no lock, and the test of the stale-lock takeover needs one.
import { readFileSync } from 'node:fs'
import { createMarkdownFolderSource } from '@wiki/wiki-adapters/markdown-folder'

const [wikiPath, versionA, versionB, mode] = process.argv.slice(2)
const holdAt = mode === 'hold' ? Date.now() + Math.random() * 60 : Infinity
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
    if (Date.now() >= holdAt) {
      process.stdout.write('held\n')
      // A pending promise alone does not keep Node alive (the lock's refresh timer is unref'd),
      // and an exit would release the lock: a timer holds the process until the kill.
      setInterval(() => undefined, 60_000)
      return new Promise(() => undefined)
    }
    return new Promise((resolve) => setTimeout(resolve, Math.random() * 20))
  },
})
for (let i = 0; ; i += 1) {
  await source.writePage({ path: 'grande.md', content: contents[i % 2] })
}
