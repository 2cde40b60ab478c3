import type { Node } from './types.js'

/**
 * Serialises a node from its fields alone, so edited trees serialise too. Iterative: depth of
 * the tree never touches the call stack.
 */
export function toWikitext(node: Node): string {
  let result = ''
  // Strings are written as they come off the stack; nodes expand into their parts.
  const stack: (Node | string)[] = [node]
  while (stack.length > 0) {
    const item = stack.pop() as Node | string
    if (typeof item === 'string') {
      result += item
      continue
    }
    let open = ''
    let close = ''
    switch (item.type) {
      case 'text':
      case 'inclusionTag':
      case 'behaviorSwitch':
      case 'horizontalRule':
        result += item.value
        continue
      case 'comment':
        result += `<!--${item.value}${item.closed ? '-->' : ''}`
        continue
      case 'extensionTag':
        open = `<${item.rawName}${item.attributes}${item.selfClosing ? '/>' : '>'}`
        if (item.value !== null) open += item.value
        close = item.closeTag
        break
      case 'htmlTag':
        open =
          item.kind === 'close'
            ? `</${item.rawName}${item.attributes}>`
            : `<${item.rawName}${item.attributes}>`
        close = item.closeTag
        break
      case 'heading': {
        const marks = '='.repeat(item.depth)
        open = marks
        close = marks + item.trail
        break
      }
      case 'template':
      case 'parserFunction':
      case 'magicWord':
        open = '{{'
        close = '}}'
        break
      case 'templateArgument':
        open = '{{{'
        close = '}}}'
        break
      case 'templateParameter':
        open = item.delimiter
        if (item.name !== null && item.children[0]?.type === 'parameterName') {
          for (let index = item.children.length - 1; index >= 1; index--) {
            const child = item.children[index]
            if (child) stack.push(child)
          }
          stack.push('=', item.children[0])
          result += open
          continue
        }
        break
      case 'redirect':
        open = item.value
        break
      case 'internalLink':
        open = '[['
        close = ']]' + item.trail
        stack.push(close)
        for (let index = item.children.length - 1; index >= 0; index--) {
          const child = item.children[index]
          if (child) stack.push(child)
        }
        result += open
        continue
      case 'linkParameter':
        open = '|'
        break
      case 'externalLink':
        if (item.bracketed) {
          open = '[' + item.url + item.separator
          close = ']'
        } else {
          open = item.url + item.separator
        }
        break
      case 'italic':
        open = item.open ? "''" : ''
        close = item.close ? "''" : ''
        break
      case 'bold':
        open = item.open ? "'''" : ''
        close = item.close ? "'''" : ''
        break
      case 'listItem':
        open = item.marker
        break
      case 'table':
        open = '{|'
        close = item.closed ? '|}' : ''
        break
      case 'tableAttributes':
        close = item.delimiter
        break
      case 'tableRow':
      case 'tableCaption':
      case 'tableCell':
        open = item.marker
        break
      default:
        break
    }
    if (close) stack.push(close)
    if ('children' in item) {
      for (let index = item.children.length - 1; index >= 0; index--) {
        const child = item.children[index]
        if (child) stack.push(child)
      }
    }
    result += open
  }
  return result
}
