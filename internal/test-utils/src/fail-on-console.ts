// Tests must not print: a stray console call is either a leftover or output that belongs on a
// logger. Making every console method throw turns both into a failing test.
const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const

for (const method of methods) {
  console[method] = (...args: unknown[]) => {
    throw new Error(
      `console.${method} called in a test: ${args.map(String).join(' ').slice(0, 200)}`,
    )
  }
}
