// Size of wikiReadPage's default answer (its compact JSON, as sent) against the page's file, by
// file size. `node bench/answer-size.mjs [--previous-shape] <wiki folder>…` measures every page of
// each folder (after a build); the 10,000-page benchmark calls `answerSizes` on its generated wiki.
// `--previous-shape` measures the answer as it was before the lean default (every field of the
// page but the file text), so the README's before/after columns come from one script.
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createMarkdownFolderSource } from '@wiki/wiki-adapters/markdown-folder'
import { readPageAnswer } from '../dist/tools/wiki-read-page.js'

const BUCKETS = [0, 512, 1024, 2048, 4096, Infinity]
const label = (low, high) =>
  high === Infinity
    ? `≥ ${low / 1024} KiB`
    : `${low} B – ${high < 1024 ? `${high} B` : `${high / 1024} KiB`}`

async function pageFiles(root) {
  const out = []
  const visit = async (folder) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) await visit(file)
      else if (entry.name.toLowerCase().endsWith('.md')) out.push(file)
    }
  }
  await visit(root)
  return out
}

/**
 * One row per size bucket: pages, median and largest answer/file ratio, the share ≤ 1.2; `every`
 * measures only every n-th page.
 */
export async function answerSizes({
  createSource = createMarkdownFolderSource,
  root,
  every = 1,
  previousShape = false,
}) {
  // watching, so that a read does not sweep the whole folder first as polling would
  const source = await createSource({ wikiPath: root, timeZone: 'UTC' })
  const ratios = []
  try {
    const files = await pageFiles(root)
    for (const file of files.filter((_, i) => i % every === 0)) {
      const bytes = (await stat(file)).size
      if (bytes === 0) continue
      const slug = path.relative(root, file).split(path.sep).join('/')
      const page = await source.readPage(slug)
      const answer = previousShape ? withoutFileText(page) : readPageAnswer(page, false)
      ratios.push({ bytes, ratio: Buffer.byteLength(JSON.stringify(answer)) / bytes })
    }
  } finally {
    await source.close()
  }
  const rows = []
  for (let i = 0; i < BUCKETS.length - 1; i += 1) {
    const inside = ratios
      .filter((r) => r.bytes >= BUCKETS[i] && r.bytes < BUCKETS[i + 1])
      .map((r) => r.ratio)
      .sort((a, b) => a - b)
    if (inside.length === 0) continue
    rows.push({
      size: label(BUCKETS[i], BUCKETS[i + 1]),
      pages: inside.length,
      median: Math.round(inside[Math.floor(inside.length / 2)] * 100) / 100,
      max: Math.round(inside.at(-1) * 100) / 100,
      within: Math.round((inside.filter((r) => r <= 1.2).length / inside.length) * 100),
    })
  }
  return rows
}

function withoutFileText(page) {
  const { content, fileText: _fileText, ...rest } = page
  return { ...rest, content }
}

export function printAnswerSizes(name, rows) {
  process.stdout.write(`${name}\n`)
  for (const row of rows)
    process.stdout.write(
      `  ${row.size.padEnd(16)} ${String(row.pages).padStart(6)} pages  median ${row.median.toFixed(2)}  max ${row.max.toFixed(2)}  ≤ 1.2: ${row.within} %\n`,
    )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const previousShape = args.includes('--previous-shape')
  for (const root of args.filter((arg) => arg !== '--previous-shape'))
    printAnswerSizes(root, await answerSizes({ root: path.resolve(root), previousShape }))
}
