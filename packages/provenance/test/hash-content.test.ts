import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashContent, ProvenanceError } from '@wiki/provenance'

describe('hashContent', () => {
  it('is the lower-case hex SHA-256 of the UTF-8 text', () => {
    expect(hashContent('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(hashContent('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })

  it('normalises to NFC first', () => {
    expect(hashContent('e\u0301')).toBe(hashContent('é'))
    expect(hashContent('e\u0301')).toBe(createHash('sha256').update('é', 'utf8').digest('hex'))
  })

  it('preserves whitespace', () => {
    expect(hashContent('a ')).not.toBe(hashContent('a'))
    expect(hashContent('a\n')).not.toBe(hashContent('a'))
  })

  it('reproduces the README example hashes', () => {
    expect(
      hashContent(
        "# grub-install --target=x86_64-efi --efi-directory=''esp'' --bootloader-id=GRUB",
      ),
    ).toBe('8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44')
    expect(
      hashContent('# grub-install --target=x86_64-efi --efi-directory=<esp> --bootloader-id=GRUB'),
    ).toBe('29e88b233ac641da1dec1beeb7500687263991279c8fd0d5762ca45479ffb12e')
  })

  it('hashes astral characters', () => {
    expect(hashContent('𝔸')).toBe(createHash('sha256').update('𝔸', 'utf8').digest('hex'))
  })

  it.each(['\uD800', 'a\uDC00b', 'x\uD83D'])('refuses a lone surrogate in %j', (text) => {
    let caught: unknown
    try {
      hashContent(text)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ProvenanceError)
    expect((caught as ProvenanceError).code).toBe('internal_error')
  })
})
