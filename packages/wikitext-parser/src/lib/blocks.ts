import type { ParseContext } from './preprocess.js'
import type { Root } from './types.js'

/** Pass 2: block and inline structure in every container of the pass-1 tree. */
export function blocks(_context: ParseContext, _tree: Root): void {}
