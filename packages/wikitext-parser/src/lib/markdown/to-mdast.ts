import type { Root as MdastRoot } from 'mdast'
import { requireOptions, requireProfile, requireRoot } from '../check-arguments.js'
import { collectCodeBlocks } from '../extract/code-blocks-of.js'
import type { Profile } from '../profile/define-profile.js'
import { toWikitext } from '../to-wikitext.js'
import type { Root } from '../types.js'
import { handlers as defaultHandlers } from './handlers.js'
import type { Handlers } from './state.js'
import { State } from './state.js'

/** What {@link toMdast} takes. */
export interface ToMdastOptions {
  /** Which templates are code, inline code, text and admonitions. */
  profile: Profile
  /** Handlers replacing the defaults for their node types. */
  handlers?: Partial<Handlers> | null
}

/**
 * Turns a wikitext tree into mdast: headings, paragraphs, lists,
 * emphasis, fences for code templates and indented blocks, admonition labels, and raw `html`
 * nodes holding unknown templates, tables and HTML tags byte-for-byte. Throws
 * `WikitextParserError` for a tree or profile that is not one, and for a node type no handler
 * covers.
 */
export function toMdast(tree: Root, options: Readonly<ToMdastOptions>): MdastRoot {
  requireRoot(tree)
  requireOptions(options, 'a profile')
  requireProfile(options.profile, 'options.profile')
  const source = toWikitext(tree)
  const code = collectCodeBlocks(tree, source, options.profile)
  const state = new State(
    source,
    options.profile,
    { ...defaultHandlers, ...options.handlers },
    code,
  )
  const children = state.blocksOf(() => {
    state.all(tree.children)
  })
  return { type: 'root', children }
}
