// Points as the parser's pointer makes them (src/lib/positions.ts), for the benchmark's own tree
// builders (the tree floor, the single-pass probe): line starts indexed once, the previous
// answer's line tried first, and points made recently handed out again by offset.

/** `point(offset)` for `text`: `{ line, column, offset }`, 1-based line and column. */
export function createPoints(text) {
  const lineStarts = [0]
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    lineStarts.push(at + 1)
  }
  const recent = new Array(64)
  let line = 0
  return (offset) => {
    const known = recent[offset & 63]
    if (known !== undefined && known.offset === offset) return known
    if (offset < lineStarts[line] || offset >= (lineStarts[line + 1] ?? Infinity)) {
      let low = 0
      let high = lineStarts.length - 1
      while (low < high) {
        const middle = (low + high + 1) >>> 1
        if (lineStarts[middle] <= offset) low = middle
        else high = middle - 1
      }
      line = low
    }
    const made = { line: line + 1, column: offset - lineStarts[line] + 1, offset }
    recent[offset & 63] = made
    return made
  }
}
