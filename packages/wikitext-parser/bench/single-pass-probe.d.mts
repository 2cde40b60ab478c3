// Types of the single-pass probe, for the test that pins what the benchmark says of it.
import type { Root } from '../src/index.js'
import type { SiteIndex } from '../src/lib/site-index.js'

/** The probe's tree of `input` under `site`: this parser's node kinds, not its exact trees. */
export declare function probeParse(input: string, site: SiteIndex): Root
