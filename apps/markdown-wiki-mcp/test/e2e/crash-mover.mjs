// Child for the move crash test: moves one page back and forth between two paths forever, with a
// random pause of up to 15 ms before each rename of the commit (the adapter's test hook), so that
// the parent's SIGKILL lands at any point of a move: planning, temp files, journal, renames. The
// renames run in parallel, so the pauses spread them over the 15 ms rather than adding up: short
// ones would leave almost no time for a kill between the commit point and the last rename.
import { createMarkdownFolderSource } from '@wiki/wiki-adapters/markdown-folder'

const [wikiPath, first, second] = process.argv.slice(2)
const source = await createMarkdownFolderSource({
  wikiPath,
  watch: false,
  beforeRename: () => new Promise((resolve) => setTimeout(resolve, Math.random() * 15)),
})
process.stdout.write('ready\n')
for (let i = 0; ; i += 1) {
  const [from, to] = i % 2 === 0 ? [first, second] : [second, first]
  // a move's target is a file path (`.md`), its source a page (`.md` optional)
  await source.movePage({ from, to: to.endsWith('.md') ? to : `${to}.md` })
}
