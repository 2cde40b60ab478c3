import type { PhrasingContent } from 'mdast'
import { trimNewlines } from '../../extract/clean-code.js'
import { finishPieces, parameter, renderPlain } from '../../extract/render-plain.js'
import type { AdmonitionType } from '../../profile/define-profile.js'
import { roleOf } from '../../profile/role-of.js'
import type { MagicWord, Template, TemplateParameter } from '../../types.js'
import type { State } from '../state.js'
import { raw } from './raw.js'

const labels: Readonly<Record<AdmonitionType, string>> = {
  NOTE: 'Note',
  WARNING: 'Warning',
  TIP: 'Tip',
  CAUTION: 'Caution',
}

/**
 * Templates by their profile role: code blocks become fences lifted out of the paragraph (an
 * `{{hc}}` header becomes inline code before its fence), inline code becomes inline code, text
 * roles become text, admonitions become a `**Note:**` label and their body. Templates without
 * a role stay verbatim.
 */
export function template(node: Template | MagicWord, state: State): void {
  const role = node.modifier === null ? roleOf(state.profile, node.name) : null
  const start = node.position.start.offset
  const end = node.position.end.offset
  switch (role?.kind) {
    case 'codeBlock':
    case 'fileBlock': {
      const block = state.code.templates.get(start)
      if (!block) {
        state.invisible()
        return
      }
      if (block.header !== null && block.header !== '') {
        state.block({ type: 'paragraph', children: [{ type: 'inlineCode', value: block.header }] })
      }
      state.block({ type: 'code', lang: null, meta: null, value: block.text })
      return
    }
    case 'inlineCode': {
      const value = parameter(node, 1)
      if (!value) break
      // The code cleaning of `cleanCode` over the nodes already parsed, not a second parse of the slice.
      const span = value.valuePosition
      const { pieces } = renderPlain(
        state.source,
        value.children,
        span.start.offset,
        span.end.offset,
        state.profile,
        'code',
      )
      state.inline({ type: 'inlineCode', value: trimNewlines(finishPieces(pieces)) })
      return
    }
    case 'text':
    case 'manPage':
    case 'literal': {
      const { pieces } = renderPlain(state.source, [node], start, end, state.profile, 'prose')
      state.phrase(finishPieces(pieces))
      return
    }
    case 'admonition': {
      admonition(node, role.type, state)
      return
    }
    default:
      break
  }
  raw(node, state)
}

function admonition(node: Template | MagicWord, type: AdmonitionType, state: State): void {
  const parameters = node.children.slice(1) as TemplateParameter[]
  const body = state.blocksOf(() => {
    parameters.forEach((item, i) => {
      renderParameter(item, i === 0, state)
    })
  })
  const label: PhrasingContent = {
    type: 'strong',
    children: [{ type: 'text', value: `${labels[type]}:` }],
  }
  const [first, ...rest] = body
  if (first?.type === 'paragraph' && rest.length === 0) {
    state.block({
      type: 'paragraph',
      children: [label, { type: 'text', value: ' ' }, ...first.children],
    })
    return
  }
  state.block({ type: 'paragraph', children: [label] })
  for (const block of body) state.block(block)
}

/** A body parameter: `1=` is dropped from the first; any other name and `|` are body text. */
function renderParameter(item: TemplateParameter, first: boolean, state: State): void {
  const from = item.position.start.offset + (first ? 1 : 0)
  const valueStart = item.valuePosition.start.offset
  if (!(first && item.name === '1') && valueStart > from) {
    state.phrase(state.source.slice(from, valueStart))
  }
  state.all(item.children.filter((child) => child.position.start.offset >= valueStart))
}
