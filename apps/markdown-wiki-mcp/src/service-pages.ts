import { statSync } from 'node:fs'
import path from 'node:path'
import type { ServicePages } from './instructions.js'

/** Which of the LLM wiki's root service pages the folder has, looked at once at start-up. */
export function servicePages(wikiPath: string): ServicePages {
  const exists = (name: string): boolean => {
    try {
      return statSync(path.join(wikiPath, name)).isFile()
    } catch {
      return false
    }
  }
  return {
    index: exists('index.md'),
    log: exists('log.md'),
    sources: exists('sources.md'),
    overview: exists('overview.md'),
  }
}
