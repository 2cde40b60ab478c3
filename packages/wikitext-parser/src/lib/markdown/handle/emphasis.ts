import type { PhrasingContent } from 'mdast'
import type { Bold, Italic } from '../../types.js'
import type { State } from '../state.js'

/**
 * `''x''` is emphasis and `'''x'''` strong. Whitespace at the edges moves outside the markers,
 * where CommonMark needs it; an empty span renders nothing.
 */
export function emphasis(node: Italic | Bold, state: State): void {
  const kind = node.type === 'italic' ? 'emphasis' : 'strong'
  const children = withoutNested(
    state.phrasingOf(() => state.all(node.children)),
    kind,
  )
  const first = children[0]
  if (first?.type === 'text' && /^\s/.test(first.value)) {
    const value = first.value.replace(/^\s+/, '')
    state.phrase(first.value.slice(0, first.value.length - value.length))
    if (value === '') children.shift()
    else children[0] = { type: 'text', value }
  }
  // Trailing whitespace, and the apostrophe of `''pacman'''s`, go after the closing marker:
  // `*pacman'*s` cannot close in CommonMark, `*pacman*'s` can.
  const last = children.at(-1)
  let after = ''
  if (last?.type === 'text' && /[\s']$/.test(last.value)) {
    const value = last.value.replace(/[\s']+$/, '')
    after = last.value.slice(value.length)
    if (value === '') children.pop()
    else children[children.length - 1] = { type: 'text', value }
  }
  if (children.length > 0) {
    const content: PhrasingContent = { type: kind, children }
    state.inline(content)
  }
  if (after !== '') state.phrase(after)
  state.writeLifted()
}

/**
 * The children with every `kind` node inside them replaced by its own children. Italics inside
 * italics (a link's italic text in an italic line) are still italic, and Markdown has no way to
 * write emphasis directly inside emphasis of the same kind: the serializer's attempt reads back
 * as literal asterisks.
 */
function withoutNested(
  children: PhrasingContent[],
  kind: 'emphasis' | 'strong',
): PhrasingContent[] {
  return children.flatMap((child): PhrasingContent[] => {
    if (child.type === kind) return withoutNested(child.children, kind)
    if (!('children' in child)) return [child]
    return [{ ...child, children: withoutNested(child.children, kind) }]
  })
}
