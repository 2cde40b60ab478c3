export { WikiSourceError } from './lib/wiki-source-error.js'
export type { WikiSourceErrorCode } from './lib/wiki-source-error.js'
