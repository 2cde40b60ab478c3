#!/usr/bin/env node
import module from 'node:module'

// Cache compiled code between runs: start-up time is what a client waits on.
module.enableCompileCache?.()
await import('./dist/main.js')
