// A seeded generator of malformed JSON-RPC lines: the same seed gives the same lines, so a failure
// can be replayed exactly.

// Valid messages to mutate. None of them starts long-running work, so a mutation that stays valid
// is answered at once.
const BASES: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: 'a', method: 'tools/list', params: { cursor: 'eyJvIjoxfQ' } },
  {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'echo', arguments: { text: 'x' } },
  },
  {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'add', arguments: { a: 1, b: 2 } },
  },
  {
    jsonrpc: '2.0',
    id: 4,
    method: 'initialize',
    params: {
      protocolVersion: '2025-03-26',
      capabilities: {},
      clientInfo: { name: 'f', version: '0' },
    },
  },
  { jsonrpc: '2.0', id: 5, method: 'prompts/get', params: { name: 'test_simple_prompt' } },
  { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } },
  [
    { jsonrpc: '2.0', id: 6, method: 'ping' },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
  ],
]

const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  'x'.repeat(300),
  [],
  {},
  [[]],
  JSON.parse('{"__proto__":{"polluted":true}}'),
  '\u0000',
  '\ud800',
]

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!
}

/** Replaces one random property (at any depth) with an odd value, or deletes it. */
function mutateValue(random: () => number, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return pick(random, ODD_VALUES)
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...(value as unknown[])]
    : { ...(value as Record<string, unknown>) }
  const keys = Object.keys(copy)
  if (keys.length === 0) return pick(random, ODD_VALUES)
  const key = pick(random, keys)
  const roll = random()
  const record = copy as Record<string, unknown>
  if (roll < 0.2) delete record[key]
  else if (roll < 0.6) record[key] = pick(random, ODD_VALUES)
  else record[key] = mutateValue(random, record[key])
  return copy
}

function mutateText(random: () => number, text: string): string {
  const at = Math.floor(random() * (text.length + 1))
  switch (Math.floor(random() * 5)) {
    case 0:
      return text.slice(0, at) // truncated
    case 1:
      return (
        text.slice(0, at) + String.fromCharCode(Math.floor(random() * 128)) + text.slice(at + 1)
      )
    case 2:
      return (
        text.slice(0, at) + pick(random, ['{', '}', '[', ']', '"', ',', ':', '\\']) + text.slice(at)
      )
    case 3:
      return '\ufeff' + text + '\r'
    default:
      return text.slice(at) + text.slice(0, at)
  }
}

function randomBytesText(random: () => number): string {
  const length = 1 + Math.floor(random() * 64)
  let text = ''
  for (let i = 0; i < length; i++) {
    const code = Math.floor(random() * 0x3000)
    // Newlines would split the line; keep each generated case one line.
    text += code === 0x0a || code === 0x0d ? ' ' : String.fromCharCode(code)
  }
  return text
}

/** One malformed (or surprising) message body, never containing a newline. */
export function malformedMessage(random: () => number): string {
  const base = pick(random, BASES)
  const roll = random()
  if (roll < 0.15) return randomBytesText(random)
  if (roll < 0.55) return JSON.stringify(mutateValue(random, base))
  return mutateText(random, JSON.stringify(base)).replace(/\n/g, ' ')
}
