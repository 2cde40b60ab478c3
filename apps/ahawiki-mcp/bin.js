#!/usr/bin/env node
import module from 'node:module'

// Cache compiled code between runs: start-up time is what a client waits on.
module.enableCompileCache?.()
// One bundled file (scripts/bundle-app.mjs): reading hundreds of modules was most of start-up.
await import('./dist/bin.mjs')
