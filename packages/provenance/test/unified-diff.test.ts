import { describe, expect, it } from 'vitest'
import { unifiedDiff } from '@wiki/provenance'

const headers = { oldHeader: 'GRUB@1', newHeader: 'GRUB@2' }

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb', 'a\nb', headers)).toBe('')
  })

  it('writes headers, one hunk and three lines of context', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n') + '\n'
    const after = ['1', '2', '3', '4', 'five', '6', '7', '8', '9'].join('\n') + '\n'
    expect(unifiedDiff(before, after, headers)).toBe(
      [
        '--- GRUB@1',
        '+++ GRUB@2',
        '@@ -2,7 +2,7 @@',
        ' 2',
        ' 3',
        ' 4',
        '-5',
        '+five',
        ' 6',
        ' 7',
        ' 8',
        '',
      ].join('\n'),
    )
  })

  it('splits distant changes into hunks and merges near ones', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `l${i + 1}`)
    const changed = [...lines]
    changed[1] = 'X'
    changed[17] = 'Y'
    const diff = unifiedDiff(lines.join('\n'), changed.join('\n'), headers)
    expect(diff.match(/^@@/gm)).toHaveLength(2)
    expect(diff).toContain('@@ -1,5 +1,5 @@')
    expect(diff).toContain('@@ -15,6 +15,6 @@')
    const near = [...lines]
    near[4] = 'X'
    near[9] = 'Y'
    expect(unifiedDiff(lines.join('\n'), near.join('\n'), headers).match(/^@@/gm)).toHaveLength(1)
  })

  it('writes single-line and empty ranges as diff -u does', () => {
    expect(unifiedDiff('a', 'b', headers)).toBe(
      '--- GRUB@1\n+++ GRUB@2\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n',
    )
    expect(unifiedDiff('', 'new\n', headers)).toBe('--- GRUB@1\n+++ GRUB@2\n@@ -0,0 +1 @@\n+new\n')
    expect(unifiedDiff('old\n', '', headers)).toBe('--- GRUB@1\n+++ GRUB@2\n@@ -1 +0,0 @@\n-old\n')
  })

  it('marks a removed final newline', () => {
    expect(unifiedDiff('a\nb\n', 'a\nb', headers)).toBe(
      '--- GRUB@1\n+++ GRUB@2\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n',
    )
  })

  it('puts deletions before insertions and honours a custom context', () => {
    const diff = unifiedDiff('a\nb\nc\nd\n', 'a\nB\nC\nd\n', { ...headers, context: 0 })
    expect(diff).toBe('--- GRUB@1\n+++ GRUB@2\n@@ -2,2 +2,2 @@\n-b\n-c\n+B\n+C\n')
  })
})

describe('unifiedDiff: bounded work', () => {
  it('throws evidence_unresolvable past maxWork line pairs, after trimming common ends', () => {
    const many = (tag: string) => Array.from({ length: 300 }, (_, i) => `${tag}${i}`).join('\n')
    const same = `${'same\n'.repeat(10_000)}`
    expect(() =>
      unifiedDiff(many('a'), many('b'), { oldHeader: 'a', newHeader: 'b', maxWork: 50_000 }),
    ).toThrow(expect.objectContaining({ code: 'evidence_unresolvable' }) as Error)
    // Ten thousand equal lines around one change cost one pair, not a hundred million.
    expect(
      unifiedDiff(`${same}x\n${same}`, `${same}y\n${same}`, {
        oldHeader: 'a',
        newHeader: 'b',
        maxWork: 1,
      }),
    ).toContain('-x\n+y\n')
  })
})
