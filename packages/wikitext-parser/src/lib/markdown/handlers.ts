import { children } from './handle/children.js'
import { emphasis } from './handle/emphasis.js'
import { extensionTag } from './handle/extension-tag.js'
import { externalLink } from './handle/external-link.js'
import { heading } from './handle/heading.js'
import { horizontalRule } from './handle/horizontal-rule.js'
import { internalLink } from './handle/internal-link.js'
import { invisible } from './handle/invisible.js'
import { list, listItem } from './handle/list.js'
import { raw } from './handle/raw.js'
import { template } from './handle/template.js'
import { text } from './handle/text.js'
import type { Handlers } from './state.js'

/**
 * The default handler for each node type. Pass overrides to `toMdast` as `handlers`; a type
 * without a handler throws.
 */
export const handlers: Handlers = Object.freeze({
  text,
  comment: invisible,
  extensionTag,
  inclusionTag: invisible,
  htmlTag: raw,
  heading,
  template,
  magicWord: template,
  parserFunction: raw,
  templateArgument: raw,
  templateName: children,
  parameterName: children,
  templateParameter: children,
  behaviorSwitch: invisible,
  horizontalRule,
  redirect: raw,
  internalLink,
  linkTarget: children,
  linkParameter: children,
  externalLink,
  italic: emphasis,
  bold: emphasis,
  list,
  listItem,
  preformatted: children,
  table: raw,
  tableAttributes: raw,
  tableCaption: raw,
  tableRow: raw,
  tableCell: raw,
})
