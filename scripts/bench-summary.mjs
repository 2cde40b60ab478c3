// Prints one line per benchmark result file written by the packages' `bench` scripts.
// Each file is free-form JSON; a top-level `summary` array of {metric, ours, peer, ratio} rows is
// printed as a table when present.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = new URL('../bench/results/', import.meta.url).pathname
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : []
if (files.length === 0) {
  process.stderr.write('bench: no results in bench/results/\n')
  process.exit(0)
}
for (const file of files) {
  const result = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  process.stdout.write(`\n${file}\n`)
  const rows = Array.isArray(result.summary) ? result.summary : []
  for (const row of rows) {
    const cells = [row.metric, row.ours, row.peer, row.ratio].map((v) => String(v ?? ''))
    process.stdout.write(
      `  ${cells[0].padEnd(40)} ${cells[1].padStart(14)} ${cells[2].padStart(14)} ${cells[3].padStart(8)}\n`,
    )
  }
}
