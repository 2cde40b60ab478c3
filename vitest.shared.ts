// Shared vitest settings. Each package's vitest.config.ts merges this file.
// `@wiki/source` comes first so tests read sibling packages' sources without a build.
import { fileURLToPath } from 'node:url'
import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

const conditions = ['@wiki/source', ...defaultServerConditions]
const suite = process.env.WIKI_TEST_SUITE === 'e2e' ? 'e2e' : 'unit'

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: suite === 'e2e' ? ['test/e2e/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: suite === 'e2e' ? ['**/node_modules/**'] : ['**/node_modules/**', 'test/e2e/**'],
    setupFiles: [
      fileURLToPath(new URL('./internal/test-utils/src/fail-on-console.ts', import.meta.url)),
    ],
    reporters: ['default', ['json', { outputFile: `reports/vitest-${suite}.json` }]],
    testTimeout: suite === 'e2e' ? 120_000 : 20_000,
    hookTimeout: suite === 'e2e' ? 180_000 : 30_000,
    fileParallelism: suite !== 'e2e',
  },
})
