export { serveStdio } from './lib/stdio/serve-stdio.js'
export type { ServeStdioOptions, StdioServer } from './lib/stdio/serve-stdio.js'
