#!/usr/bin/env node
// Bundles an app's entry point, as tsc built it (dist/main.js), with everything it imports (the
// @wiki libraries' built files, zod, …) into one ESM file, dist/bin.mjs, which the app's bin.js
// loads. Start-up is what an MCP client waits on, and Node spends it resolving and reading
// modules: a few hundred files cost several times what one file of the same code does. Modules
// that main.js or the libraries import dynamically (the Markdown renderer) become chunks under
// dist/chunks/, loaded only when first used. node: built-ins stay imports.
//
// Run from the app's folder: `node ../../scripts/bundle-app.mjs` (each app's build does, after tsc).
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'rolldown'

const app = process.cwd()
rmSync(join(app, 'dist/chunks'), { recursive: true, force: true })
await build({
  input: join(app, 'dist/main.js'),
  platform: 'node',
  logLevel: 'warn',
  output: {
    dir: join(app, 'dist'),
    format: 'esm',
    entryFileNames: 'bin.mjs',
    chunkFileNames: 'chunks/[name]-[hash].mjs',
    // Bundled libraries keep their licence comments; JSDoc is dropped (less to parse at start-up).
    comments: { legal: true, annotation: false, jsdoc: false },
  },
})
