/**
 * Which parts of a node MediaWiki renders as page text, where its heading pass finds headings:
 * all children of most nodes; nothing of what templates, parser functions, page links, tags and
 * comments hold (their output is not the page's own text); a framed image's caption; and the
 * text of a template whose name is no title (`{{foo\n== a ==\n}}`) or of a template argument on
 * the page itself (its default, else its name), which MediaWiki prints as written.
 */
import { shownCaption } from './file-caption.js'
import type { SiteIndex } from './site-index.js'
import type { Content, Node, Template, TemplateArgument } from './types.js'
import { validTitle } from './valid-title.js'

/** The children whose content is page text, in order. */
export function renderedChildren(node: Node, site: SiteIndex): readonly Content[] {
  switch (node.type) {
    case 'template':
      return printedAsWritten(node, site) ? node.children : []
    case 'templateArgument':
      return argumentShown(node)
    case 'internalLink':
      return shownCaption(node)
    case 'parserFunction':
    case 'magicWord':
    case 'extensionTag':
    case 'comment':
      return []
    default:
      return 'children' in node ? node.children : []
  }
}

/**
 * Whether headings inside `node` (a template or argument printed as written) are rendered
 * without a section index: MediaWiki's preprocessor gives none to a heading inside braces.
 */
export function unindexesHeadings(node: Node): boolean {
  return node.type === 'template' || node.type === 'templateArgument'
}

/** Whether MediaWiki prints a template as written: its name is no title. */
export function printedAsWritten(node: Template, site: SiteIndex): boolean {
  if (node.modifier !== null) return false
  const [name] = node.children
  // A name built by another template is whatever that expands to: assume a title.
  for (const child of name.children) {
    if (
      child.type === 'template' ||
      child.type === 'parserFunction' ||
      child.type === 'magicWord' ||
      child.type === 'templateArgument'
    ) {
      return false
    }
  }
  return !validTitle(node.name, site, 'template')
}

/** A page has no arguments: `{{{a|b}}}` shows its default, `{{{a}}}` itself. */
function argumentShown(node: TemplateArgument): readonly Content[] {
  const [name, first] = node.children
  return first === undefined ? [name] : [first]
}
