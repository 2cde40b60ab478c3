// API requests per tool call, cold (a fresh server: empty caches) and warm (the same call again
// at once, within the cache TTL). Shared by bench/requests.mjs (the recorded Arch Wiki corpus) and
// test/e2e/request-counts.test.ts (the local MediaWiki, where every tool has data to read).

/**
 * @param {(onRequest: (event: {action: string, key: string}) => void) => Record<string, any>} makeTools
 *   tools over a fresh backend whose every API request calls `onRequest`
 * @param {{tool: string, label?: string, args: Record<string, unknown>}[]} cases
 * @returns {Promise<{tool: string, call: string, cold: number, warm: number, requests: string[]}[]>}
 */
export async function requestCounts(makeTools, cases) {
  const rows = []
  for (const { tool, label, args } of cases) {
    const seen = []
    const tools = makeTools((event) => seen.push(`${event.action}:${event.key}`))
    const call = async () => {
      const t = tools[tool]
      await t.handler(t.input.parse(args), {})
    }
    await call()
    const cold = seen.length
    await call()
    rows.push({
      tool,
      call: label ?? JSON.stringify(args),
      cold,
      warm: seen.length - cold,
      requests: seen,
    })
  }
  return rows
}

/** A Markdown table of the counts. */
export function requestTable(rows) {
  const lines = ['| Tool | Call | Cold | Warm |', '| --- | --- | ---: | ---: |']
  for (const row of rows)
    lines.push(`| \`${row.tool}\` | ${row.call} | ${row.cold} | ${row.warm} |`)
  return lines.join('\n')
}
