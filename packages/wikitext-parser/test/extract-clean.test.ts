import { describe, expect, it } from 'vitest'
import { archwiki, cleanCode, cleanMessage, cleanSnippet } from '@wiki/wikitext-parser'

describe('cleanCode', () => {
  it.each([
    ["# mount ''device'' '''--verbose'''", '# mount <device> --verbose', ['device']],
    ['{{ic|pacman}} -S x{{=}}y', 'pacman -S x=y', null],
    ['<nowiki>\na | b\n</nowiki>', 'a | b', null],
    ["cp ''src'' ''dst''; ls ''src''", 'cp <src> <dst>; ls <src>', ['src', 'dst']],
    ["a <nowiki>''b''</nowiki>", "a ''b''", null],
    ['a </nowiki> b', 'a  b', null],
    [
      'DRI_PRIME{{=}}1 glxinfo {{!}} grep "OpenGL renderer"',
      'DRI_PRIME=1 glxinfo | grep "OpenGL renderer"',
      null,
    ],
  ])('%j → %j', (payload, text, placeholders) => {
    expect(cleanCode(payload, archwiki)).toEqual({ text, placeholders })
  })

  it('cleans the GRUB Installation block of the reference README', () => {
    expect(
      cleanCode(
        "# grub-install --target=x86_64-efi --efi-directory=''esp'' --bootloader-id=GRUB",
        archwiki,
      ),
    ).toEqual({
      text: '# grub-install --target=x86_64-efi --efi-directory=<esp> --bootloader-id=GRUB',
      placeholders: ['esp'],
    })
  })

  it('keeps a nowiki payload inside a placeholder byte-for-byte', () => {
    expect(
      cleanCode("# pacman -U ''<nowiki>http://www.example.com/a&amp;b</nowiki>''", archwiki),
    ).toEqual({
      text: '# pacman -U <http://www.example.com/a&amp;b>',
      placeholders: ['http://www.example.com/a&amp;b'],
    })
  })

  it('removes comments, but keeps one inside nowiki', () => {
    expect(cleanCode('a<!-- x -->b <nowiki><!-- kept --></nowiki>', archwiki).text).toBe(
      'ab <!-- kept -->',
    )
  })

  it('decodes character references outside nowiki only', () => {
    expect(cleanCode('a &lt;b&gt; &#x41;&#66; <nowiki>&lt;</nowiki>', archwiki).text).toBe(
      'a <b> AB &lt;',
    )
  })

  it('decodes every HTML5 named reference, and invalid numeric ones to U+FFFD', () => {
    expect(cleanCode('&ccedil;a &rarr; &NotEqualTilde; &#xD800; &#0; &bogus;', archwiki).text).toBe(
      '\u00E7a \u2192 \u2242\u0338 \uFFFD \uFFFD &bogus;',
    )
  })

  it('resolves pkg, aur, grp and man; {{ic}} without a pipe stays raw', () => {
    expect(
      cleanCode('{{Pkg|a}} {{AUR|b}} {{grp|c}} {{man|5|systemd.unit|X}} {{ic}}', archwiki).text,
    ).toBe('a b c systemd.unit(5) {{ic}}')
  })

  it('resolves nested templates at most 4 deep', () => {
    expect(cleanCode('{{ic|{{ic|{{ic|{{ic|x}}}}}}}}', archwiki).text).toBe('x')
    expect(cleanCode('{{ic|{{ic|{{ic|{{ic|{{ic|x}}}}}}}}}}', archwiki).text).toBe('{{ic|x}}')
  })

  it('trims newlines only, at both ends', () => {
    expect(cleanCode('\n\n  a  \n\n', archwiki).text).toBe('  a  ')
  })
})

describe('cleanMessage', () => {
  it.each([
    ['* first\n* second', '- first\n- second'],
    ['# first\n# second', '1. first\n1. second'],
    ['::* nested item', '- nested item'],
    ['Run {{ic|pacman -Ql x {{!}} grep bin}} first', 'Run pacman -Ql x | grep bin first'],
    ['See [[Users and groups|the group page]] for more', 'See the group page for more'],
    ['Consult {{man|8|ip-link}} for details', 'Consult ip-link(8) for details'],
    [
      'This is a [https://bugs.example/1 long open bug]',
      'This is a long open bug (https://bugs.example/1)',
    ],
    ['GRUB_ENABLE=y is required', 'GRUB_ENABLE=y is required'],
    ["Only ''root'' may run ''iwctl''", 'Only root may run iwctl'],
    ['#** a\n#** b', '- a\n- b'],
    ['#** a\n#*** b', '- a\n  - b'],
    ['* top\n** nested', '- top\n  - nested'],
    ['#** a\n#*** b\n#** c', '- a\n  - b\n- c'],
    ['#** see:\n # pacman -Fy', '- see:\n # pacman -Fy'],
    ['#** a\n # code\n#** b', '- a\n # code\n- b'],
    [' The iwd backend refuses.', 'The iwd backend refuses.'],
  ])('%j → %j', (body, message) => {
    expect(cleanMessage(body, archwiki)).toBe(message)
  })

  it('cleans the Iwd Usage note of the reference README', () => {
    expect(
      cleanMessage(
        "Only root and members of the {{ic|network}} or the {{ic|wheel}} [[user group]] are allowed to interact with ''iwd''. In order to use ''iwctl'' or other front-ends, you need to [[Users and groups#Group management|add your user to one of those groups]].",
        archwiki,
      ),
    ).toBe(
      'Only root and members of the network or the wheel user group are allowed to interact with iwd. In order to use iwctl or other front-ends, you need to add your user to one of those groups.',
    )
  })

  it('keeps other templates, {{bc}} included, as written', () => {
    expect(cleanMessage('See {{Accuracy|x}} and {{bc|ls}}', archwiki)).toBe(
      'See {{Accuracy|x}} and {{bc|ls}}',
    )
  })

  it('drops bare : and ; markers and continues *: items without a bullet', () => {
    expect(cleanMessage(': plain\n* item\n*: more', archwiki)).toBe('plain\n- item\n  more')
  })
})

describe('cleanSnippet', () => {
  it.each([
    ['[[de:<span class="searchmatch">GRUB</span>]]', 'de:GRUB'],
    ["{{ic|pacman}} and ''iwd''", 'pacman and iwd'],
    ['&lt;pre&gt;code&lt;/pre&gt;', '<pre>code</pre>'],
    ['one\ntwo\n', 'one two'],
    ['a:C++|C++]]. Zosta', 'a:C++|C++]]. Zosta'],
  ])('%j → %j', (snippet, text) => {
    expect(cleanSnippet(snippet, archwiki)).toBe(text)
  })
})
