import { describe, expect, it } from 'vitest'
import { parse } from '../helpers/parse-checked.js'

describe('redirects', () => {
  it('reads #REDIRECT [[target]] at the start of the page', () => {
    const [node, rest] = parse('#redirect: [[Main Page#Top]]\nmore').children
    expect(node).toMatchObject({ type: 'redirect', value: '#redirect' })
    expect(node?.type === 'redirect' && node.children.map((child) => child.type)).toEqual([
      'text',
      'internalLink',
    ])
    expect(rest).toMatchObject({ type: 'text', value: '\nmore' })
    expect(parse('a #REDIRECT [[b]]').children[0]?.type).toBe('text')
  })
})
