import type {
  Code,
  List as MdastList,
  ListItem as MdastListItem,
  Paragraph,
  PhrasingContent,
  RootContent,
  Text as MdastText,
} from 'mdast'
import type { CodeBlock, CodeBlockIndex } from '../extract/code-blocks-of.js'
import { decodeReferences } from '../anchor.js'
import type { Profile } from '../profile/define-profile.js'
import { toWikitext } from '../to-wikitext.js'
import type { Content } from '../types.js'

/** Renders one wikitext node into the state's current container. */
export type Handle<Node extends Content = Content> = (node: Node, state: State) => void

/** A handler for every node type of the tree. */
export type Handlers = {
  readonly [Type in Content['type']]: Handle<Extract<Content, { type: Type }>>
}

/** Block content as it appears in a root or a list item. */
export type Block = Exclude<RootContent, PhrasingContent> | Extract<RootContent, { type: 'html' }>

/** A children array a list can sit in: the flow's blocks or a list item's children. */
type ListContainer = Block[] | MdastListItem['children']

/**
 * One open list level. A level MediaWiki opens with an empty item (`*a` then `***b` opens the
 * second level's item only to hold the third level's list) has no item of its own until content
 * comes for it: the deeper lists take its place, from index `first` of its container on, and
 * `list` is the last of them.
 */
interface ListFrame {
  /** Index of this level's `*` or `#` in the line prefix. */
  position: number
  /** Where `list` sits. */
  container: ListContainer
  list: MdastList
  /** The item taking content at this level, or null while the level has none. */
  item: MdastListItem | null
  /** For a level with no item: where the lists taking its place start in `container`. */
  first: number
}

/** One container being filled: the root, a list item, an admonition body, or a phrasing run. */
interface Flow {
  readonly phrasingOnly: boolean
  blocks: Block[]
  paragraph: PhrasingContent[] | null
  /** A source line break is waiting to be written before the next content of the paragraph. */
  pendingBreak: boolean
  /** Nothing visible was written on the current line yet: leading whitespace is dropped. */
  atLineStart: boolean
  /** Nothing at all (not even a comment) was on the current line: a line break ends the paragraph. */
  lineEmpty: boolean
  lists: ListFrame[]
  /** The prefix of the list line the open lists come from, `;` read as `:`. */
  listPrefix: string
  /** Blocks met inside a phrasing run (a code template in italics), written after it. */
  lifted: Block[]
}

// Past this depth a construct is written as raw wikitext: the serializer recurses.
const maxDepth = 100

function newFlow(phrasingOnly: boolean): Flow {
  return {
    phrasingOnly,
    blocks: [],
    paragraph: phrasingOnly ? [] : null,
    pendingBreak: false,
    atLineStart: !phrasingOnly,
    lineEmpty: true,
    lists: [],
    listPrefix: '',
    lifted: [],
  }
}

/**
 * What handlers write into: paragraphs split at blank lines with each line's leading
 * whitespace dropped, blocks lifted out of paragraphs, lists nested by their line prefixes, and
 * the indented code blocks written as fences wherever their lines are.
 */
export class State {
  readonly source: string
  readonly profile: Profile
  readonly handlers: Handlers
  readonly code: CodeBlockIndex
  private flow: Flow = newFlow(false)
  private depth = 0
  private readonly written = new Set<CodeBlock>()

  constructor(source: string, profile: Profile, handlers: Handlers, code: CodeBlockIndex) {
    this.source = source
    this.profile = profile
    this.handlers = handlers
    this.code = code
  }

  /** Renders one node with its handler; an unknown type throws. */
  one(node: Content): void {
    const start = node.position.start.offset
    const indented = this.indentedAt(start)
    if (indented && node.position.end.offset <= indented.span.end) {
      this.writeIndented(indented)
      return
    }
    if (this.depth >= maxDepth) {
      this.inline({ type: 'html', value: toWikitext(node) })
      return
    }
    const handle = this.handlers[node.type] as Handle | undefined
    if (typeof handle !== 'function') {
      throw new TypeError(`toMdast: no handler for node type ${JSON.stringify(node.type)}`)
    }
    this.depth++
    try {
      handle(node, this)
    } finally {
      this.depth--
    }
  }

  /** Renders nodes in order. */
  all(nodes: readonly Content[]): void {
    for (const node of nodes) this.one(node)
  }

  /** Source text at `offset`: line breaks, blank lines, leading whitespace and indented lines. */
  text(value: string, offset: number): void {
    let position = offset
    const lines = value.split('\n')
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) {
        this.lineBreak()
        position++
      }
      const line = lines[i] as string
      const indented = line === '' ? undefined : this.indentedAt(position)
      if (indented) this.writeIndented(indented)
      else this.phrase(decodeReferences(line))
      position += line.length
    }
  }

  /** Text that is content as it is (no line handling): a template's rendering, a link's trail. */
  phrase(value: string): void {
    const flow = this.flow
    let text = value
    if (flow.atLineStart) text = text.replace(/^[ \t]+/, '')
    if (text === '') return
    this.inline({ type: 'text', value: text })
  }

  /** Phrasing content (emphasis, inline code, raw html) on the current line. */
  inline(node: PhrasingContent): void {
    const flow = this.flow
    if (!flow.phrasingOnly) flow.lists = []
    if (flow.paragraph === null) flow.paragraph = []
    const paragraph = flow.paragraph
    if (flow.pendingBreak && paragraph.length > 0) {
      const last = paragraph.at(-1)
      if (last?.type === 'text') last.value = last.value.replace(/[ \t]+$/, '') + '\n'
      else paragraph.push({ type: 'text', value: '\n' })
    }
    flow.pendingBreak = false
    const last = paragraph.at(-1)
    if (node.type === 'text' && last?.type === 'text') last.value += node.value
    else paragraph.push(node)
    flow.atLineStart = false
    flow.lineEmpty = false
  }

  /** Something invisible (a comment, a category) was on this line: it is not a blank line. */
  invisible(): void {
    this.flow.lineEmpty = false
  }

  /** A block: ends the paragraph (or, inside a phrasing run, waits until after it). */
  block(node: Block): void {
    const flow = this.flow
    if (flow.phrasingOnly) {
      flow.lifted.push(node)
      return
    }
    this.flush()
    flow.lists = []
    flow.blocks.push(node)
    flow.atLineStart = true
    flow.lineEmpty = false
  }

  /** Closes the current paragraph. */
  flush(): void {
    const flow = this.flow
    if (flow.phrasingOnly || flow.paragraph === null) return
    const children = trimPhrasing(flow.paragraph)
    if (children.length > 0) flow.blocks.push({ type: 'paragraph', children } satisfies Paragraph)
    flow.paragraph = null
    flow.pendingBreak = false
  }

  /** Renders `render` into a fresh container and returns its blocks. */
  blocksOf(render: () => void): Block[] {
    const outer = this.flow
    const inner = newFlow(false)
    this.flow = inner
    try {
      render()
      this.flush()
    } finally {
      this.flow = outer
    }
    return inner.blocks
  }

  /**
   * Renders `render` as one phrasing run (emphasis, link text, heading text), trimmed at both
   * ends when `trim` is set. Blocks met inside are written after the run's paragraph.
   */
  phrasingOf(render: () => void, trim = false): PhrasingContent[] {
    const outer = this.flow
    const inner = newFlow(true)
    this.flow = inner
    try {
      render()
    } finally {
      this.flow = outer
    }
    if (inner.lifted.length > 0) outer.lifted.push(...inner.lifted)
    const children = inner.paragraph ?? []
    return trim ? trimPhrasing(children) : children
  }

  /** Writes blocks lifted out of a phrasing run, after the current paragraph. */
  writeLifted(): void {
    const flow = this.flow
    if (flow.phrasingOnly || flow.lifted.length === 0) return
    const lifted = flow.lifted
    flow.lifted = []
    for (const block of lifted) this.block(block)
  }

  /**
   * One list line with its whole prefix (`*`, `#`, `:`, `;`). Lists nest as MediaWiki's do: those
   * at the part of the prefix the line shares with the previous list line's (`;` read as `:`) stay
   * open, the others close. Each `*`/`#` is a list level; after the last of them, `:` or `;` only
   * continues the item (`*:`), and a line with none is a paragraph. A level MediaWiki opens with
   * an empty item gets no item until content comes for it: its sublist takes its place.
   */
  listLine(prefix: string, render: () => void): void {
    const flow = this.flow
    const read = prefix.replace(/;/g, ':')
    const previous = flow.listPrefix
    const last = Math.max(prefix.lastIndexOf('*'), prefix.lastIndexOf('#'))
    if (flow.phrasingOnly || last === -1) {
      this.flush()
      flow.lists = []
      render()
      this.flush()
      flow.lists = []
      flow.listPrefix = read
      flow.lineEmpty = false
      return
    }
    const lists = flow.lists
    const shared = read === previous ? read.length : sharedLength(prefix, previous)
    for (let top = lists.at(-1); top && top.position >= shared; top = lists.at(-1)) lists.pop()
    const content = this.blocksOf(render) as MdastListItem['children']
    flow.listPrefix = read
    const top = lists.at(-1)
    if (last < prefix.length - 1 && top?.position === last) {
      const item = top.item ?? giveItem(lists, top, prefix.charAt(last))
      item.children.push(...content)
      flow.lineEmpty = false
      return
    }
    if (content.length === 0) return
    const item: MdastListItem = { type: 'listItem', spread: false, children: content }
    const ordered = prefix.charAt(last) === '#'
    if (top?.position === last) {
      // A sibling; at a level with no item yet, it joins the list that took the level's place
      // when that list is of its kind, as MediaWiki's empty item would leave it.
      if (
        top.item === null &&
        (top.list.ordered !== ordered || top.container.at(-1) !== top.list)
      ) {
        top.list = newList(ordered)
        top.container.push(top.list)
      }
      top.list.children.push(item)
      top.item = item
    } else {
      const list = newList(ordered)
      list.children.push(item)
      let container: ListContainer
      if (top === undefined) {
        this.flush()
        lists.length = 0
        container = flow.blocks
      } else {
        container = top.item === null ? top.container : top.item.children
      }
      container.push(list)
      // Levels with no item have this list in their place too, the last one now.
      for (const other of lists)
        if (other.item === null && other.container === container) other.list = list
      // The levels the line skips: MediaWiki's empty items, which this list takes the place of.
      const first = container.length - 1
      for (let position = (top?.position ?? -1) + 1; position < last; position++) {
        const char = prefix.charAt(position)
        if (char === '*' || char === '#') {
          lists.push({ position, container, list, item: null, first })
        }
      }
      lists.push({ position: last, container, list, item, first })
    }
    flow.atLineStart = true
    flow.lineEmpty = false
  }

  private lineBreak(): void {
    const flow = this.flow
    if (flow.phrasingOnly) {
      this.inline({ type: 'text', value: '\n' })
      return
    }
    if (flow.lineEmpty) this.flush()
    flow.pendingBreak = flow.paragraph !== null && flow.paragraph.length > 0
    flow.atLineStart = true
    flow.lineEmpty = true
  }

  private indentedAt(offset: number): CodeBlock | undefined {
    const blocks = this.code.indented
    let low = 0
    let high = blocks.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((blocks[middle] as CodeBlock).span.end <= offset) low = middle + 1
      else high = middle
    }
    const block = blocks[low]
    return block && block.span.start <= offset ? block : undefined
  }

  private writeIndented(block: CodeBlock): void {
    if (this.written.has(block)) return
    this.written.add(block)
    this.block({ type: 'code', lang: null, meta: null, value: block.text } satisfies Code)
  }
}

/** Drops leading whitespace of the first text and trailing whitespace of the last. */
function trimPhrasing(children: PhrasingContent[]): PhrasingContent[] {
  const result = [...children]
  const first = result[0]
  if (first?.type === 'text') {
    const value = first.value.replace(/^\s+/, '')
    if (value === '') result.shift()
    else result[0] = { ...first, value } satisfies MdastText
  }
  const last = result.at(-1)
  if (last?.type === 'text') {
    const value = last.value.replace(/\s+$/, '')
    if (value === '') result.pop()
    else result[result.length - 1] = { ...last, value } satisfies MdastText
  }
  return result
}

/** How many leading characters `prefix` shares with `previous`. */
function sharedLength(prefix: string, previous: string): number {
  let shared = 0
  while (shared < prefix.length && prefix.charCodeAt(shared) === previous.charCodeAt(shared)) {
    shared++
  }
  return shared
}

function newList(ordered: boolean): MdastList {
  const list: MdastList = { type: 'list', ordered, spread: false, children: [] }
  if (ordered) list.start = 1
  return list
}

/**
 * Gives `frame`, a level with no item, the item MediaWiki opened for it, now that content comes
 * for it (`**a` then `*:b`): a list of its own kind, with one item holding the lists that took its
 * place, goes where they were. Returns the item.
 */
function giveItem(lists: ListFrame[], frame: ListFrame, marker: string): MdastListItem {
  const container = frame.container as MdastListItem['children']
  const placed = container.splice(frame.first)
  const item: MdastListItem = { type: 'listItem', spread: false, children: placed }
  const list = newList(marker === '#')
  list.children.push(item)
  container.push(list)
  for (const other of lists) {
    if (other === frame || other.container !== container) continue
    // Deeper levels now sit in the new item; shallower ones without items of their own have the
    // new list in their place.
    if (other.position > frame.position) {
      other.container = item.children
      other.first -= frame.first
    } else if (other.item === null) {
      other.list = list
    }
  }
  frame.list = list
  frame.item = item
  return item
}
