import { anchorsOf, asciiLower, decodeReferences, headlineOf, legacyAnchorOf } from './anchor.js'
import { requireProfile } from './check-arguments.js'
import { defaultSite, type Site } from './define-site.js'
import { fromWikitext } from './from-wikitext.js'
import type { Profile } from './profile/define-profile.js'
import { roleOf } from './profile/role-of.js'
import { renderedChildren, unindexesHeadings } from './rendered-children.js'
import { indexSite } from './site-index.js'
import { toWikitext } from './to-wikitext.js'
import type {
  Content,
  Heading,
  HtmlTag,
  Node,
  Root,
  TemplateParameter,
  Transclusion,
} from './types.js'
import { WikitextParserError } from './wikitext-parser-error.js'

/** One heading on the page, with MediaWiki's anchor. */
export interface Section {
  /** `wikitext` for `== h ==`, `html` for `<h2>…</h2>`. */
  kind: 'wikitext' | 'html'
  level: 1 | 2 | 3 | 4 | 5 | 6
  /** Plain text: references decoded, whitespace collapsed, trimmed. */
  title: string
  /** The fragment MediaWiki gives the heading (`id` attribute). */
  anchor: string
  /** The fragment as written in links (`%XX` escaped as `%25XX`). */
  linkAnchor: string
  /** False when a template or tag without a profile rendering shaped the anchor. */
  anchorExact: boolean
  /** The section number of `action=edit&section=N`, or `null` (HTML headings, unindexed). */
  index: number | null
  /** UTF-16 offset of the heading's first character. */
  start: number
  /** UTF-16 offset where the section ends: the next indexed heading, or the end of the page. */
  end: number
  node: Heading | HtmlTag
}

/** Options of `sectionsOf`. */
export interface SectionsOfOptions {
  /** The site the tree was parsed for (anchors follow its `headingIds` and `fragmentMode`). */
  site?: Site
  /** Renders role templates in headings (`{{ic|c}}` → `c`); without it they stay raw, inexact. */
  profile?: Profile
}

/**
 * Lists the page's headings in order with MediaWiki's anchors and section extents. Headings that
 * templates emit are not on the page and are left out.
 */
export function sectionsOf(
  tree: Root | string,
  options?: Readonly<SectionsOfOptions> | null,
): Section[] {
  const site = options?.site ?? defaultSite
  const profile = options?.profile
  if (profile !== undefined) requireProfile(profile, 'options.profile')
  const root = typeof tree === 'string' ? fromWikitext(tree, { site }) : tree
  if (root?.type !== 'root') {
    throw new WikitextParserError(
      'invalid_option',
      'tree: expected a root from fromWikitext() or a string',
    )
  }
  const length = root.position.end.offset
  const siteIndex = indexSite(site)
  const found: {
    node: Heading | HtmlTag
    level: Section['level']
    text: string
    exact: boolean
    indexed: boolean
  }[] = []
  const counter = { bareLinks: 0 }
  // Pre-order over page content; constructs whose output is not page text are not entered.
  // Below a template or argument MediaWiki prints as written, headings have no index.
  const stack: Node[] = [root]
  const unindexedBelow: boolean[] = [false]
  while (stack.length > 0) {
    const node = stack.pop() as Node
    const unindexed = unindexedBelow.pop() as boolean
    if (node.type === 'externalLink' && node.bracketed && node.children.length === 0)
      counter.bareLinks++
    if (node.type === 'heading') {
      const { text, exact } = render(node.children, profile, counter)
      found.push({ node, level: node.depth, text, exact, indexed: !unindexed })
      continue
    }
    if (node.type === 'htmlTag' && node.kind === 'element' && /^h[1-6]$/u.test(node.name)) {
      const { text, exact } = render(node.children, profile, counter)
      found.push({
        node,
        level: Number(node.name.slice(1)) as Section['level'],
        text,
        exact,
        indexed: false,
      })
      continue
    }
    const children = renderedChildren(node, siteIndex)
    const below = unindexed || unindexesHeadings(node)
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]
      // Half the nodes are text, which holds nothing this walk looks for.
      if (child && child.type !== 'text') {
        stack.push(child)
        unindexedBelow.push(below)
      }
    }
  }

  const taken = new Set<string>()
  // The first suffix each key has not tried: every one below it is taken, and stays so, so
  // 200,000 equal headings cost one probe each, not one per earlier duplicate.
  const nextSuffix = new Map<string, number>()
  const numbered = (key: string): number => {
    let suffix = nextSuffix.get(key) ?? 2
    while (taken.has(`${key}_${suffix}`)) suffix++
    nextSuffix.set(key, suffix + 1)
    taken.add(`${key}_${suffix}`)
    return suffix
  }
  const legacy = site.fragmentMode.length > 1 || site.fragmentMode[0] === 'legacy'
  const sections: Section[] = []
  for (const { node, level, text, exact, indexed } of found) {
    const headline = headlineOf(text, site.headingIds)
    let { anchor, linkAnchor } = anchorsOf(headline)
    const base = anchor
    const key = asciiLower(anchor)
    if (taken.has(key)) {
      const suffix = numbered(key)
      anchor += `_${suffix}`
      linkAnchor += `_${suffix}`
    } else {
      taken.add(key)
    }
    if (legacy) {
      const fallback = legacyAnchorOf(headline)
      if (fallback === base) {
        // MediaWiki stores "no fallback" as `false`, which PHP keys as 0.
        taken.add('0')
      } else {
        const fallbackKey = asciiLower(fallback)
        if (taken.has(fallbackKey)) {
          numbered(fallbackKey)
        } else {
          taken.add(fallbackKey)
        }
      }
    }
    sections.push({
      kind: node.type === 'heading' ? 'wikitext' : 'html',
      level,
      title: decodeReferences(text).replace(/\s+/gu, ' ').trim(),
      anchor,
      linkAnchor,
      anchorExact: exact,
      index: node.type === 'heading' && indexed ? node.sectionIndex : null,
      start: node.position.start.offset,
      end: length,
      node,
    })
  }
  // An indexed section ends where the next indexed one starts.
  let next = length
  for (let index = sections.length - 1; index >= 0; index--) {
    const section = sections[index]
    if (!section || section.index === null) continue
    section.end = next
    next = section.start
  }
  return sections
}

/**
 * A heading's content as text for its anchor: references stay encoded, nowiki characters are
 * escaped so that decoding gives them back as written.
 */
function render(
  children: readonly Content[],
  profile: Profile | undefined,
  counter: { bareLinks: number },
): { text: string; exact: boolean } {
  let text = ''
  let exact = true
  const stack: (Content | string)[] = [...children].reverse()
  const pushAll = (nodes: readonly Content[]): void => {
    for (let index = nodes.length - 1; index >= 0; index--) {
      const node = nodes[index]
      if (node) stack.push(node)
    }
  }
  while (stack.length > 0) {
    const node = stack.pop() as Content | string
    if (typeof node === 'string') {
      text += node
      continue
    }
    switch (node.type) {
      case 'text':
        text += node.value
        break
      case 'comment':
      case 'behaviorSwitch':
      case 'inclusionTag':
        break
      case 'extensionTag':
        if (node.name === 'nowiki') {
          text += decodeReferences(node.value ?? '').replace(/&/gu, '&amp;')
        } else {
          text += toWikitext(node)
          exact = false
        }
        break
      case 'internalLink': {
        if (node.kind === 'category') break
        const [target, ...parameters] = node.children
        if (node.kind === 'file') {
          text += toWikitext(target).trim().replace(/^:/u, '')
          exact = false
          break
        }
        if (parameters.length > 0) {
          stack.push(node.trail)
          for (let index = parameters.length - 1; index >= 0; index--) {
            const parameter = parameters[index]
            if (!parameter) continue
            pushAll(parameter.children)
            if (index > 0) stack.push('|')
          }
        } else {
          stack.push(node.trail)
          const written = toWikitext(target)
          text += written.replace(/^\s*:/u, '')
        }
        break
      }
      case 'externalLink':
        if (node.bracketed && node.children.length === 0) {
          counter.bareLinks++
          text += `[${counter.bareLinks}]`
        } else if (!node.bracketed) {
          text += node.url
        } else {
          pushAll(node.children)
        }
        break
      case 'template':
      case 'parserFunction':
      case 'magicWord':
      case 'templateArgument': {
        const rendered = profile ? renderRole(node, profile) : undefined
        if (rendered === undefined) {
          text += toWikitext(node)
          exact = false
        } else {
          pushAll(rendered)
        }
        break
      }
      default:
        if ('children' in node) pushAll(node.children)
        else text += toWikitext(node)
        break
    }
  }
  return { text, exact }
}

/** The nodes a role template shows in a heading, or undefined when the profile has no role. */
function renderRole(node: Transclusion, profile: Profile): Content[] | undefined {
  const role = roleOf(profile, node.name)
  if (!role) return undefined
  const parameter = (key: string): TemplateParameter | undefined =>
    node.children.find(
      (child): child is TemplateParameter =>
        child.type === 'templateParameter' &&
        (child.name === key || (child.name === null && String(child.index) === key)),
    )
  const value = (key: string): Content[] => {
    const found = parameter(key)
    if (!found) return []
    return found.name === null ? found.children : found.children.slice(1)
  }
  const textNode = (value: string): Content => ({
    type: 'text',
    value,
    position: node.position,
  })
  switch (role.kind) {
    case 'literal':
      return [textNode(role.value)]
    case 'manPage':
      return [...value('2'), textNode('('), ...value('1'), textNode(')')]
    case 'text':
    case 'inlineCode':
    case 'codeBlock':
      return value('1')
    default:
      return undefined
  }
}
