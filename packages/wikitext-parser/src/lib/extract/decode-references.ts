// Named references MediaWiki pages use in practice. Unknown names are kept as written, which is
// what MediaWiki does with references it does not know.
const named: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  shy: '\u00AD',
  zwj: '\u200D',
  zwnj: '\u200C',
  lrm: '\u200E',
  rlm: '\u200F',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201C',
  rdquo: '\u201D',
  laquo: '\u00AB',
  raquo: '\u00BB',
  bull: '\u2022',
  middot: '\u00B7',
  copy: '\u00A9',
  reg: '\u00AE',
  trade: '\u2122',
  deg: '\u00B0',
  times: '\u00D7',
  divide: '\u00F7',
  minus: '\u2212',
  plusmn: '\u00B1',
  larr: '\u2190',
  rarr: '\u2192',
  uarr: '\u2191',
  darr: '\u2193',
  harr: '\u2194',
  lArr: '\u21D0',
  rArr: '\u21D2',
  hArr: '\u21D4',
  le: '\u2264',
  ge: '\u2265',
  ne: '\u2260',
  sect: '\u00A7',
  para: '\u00B6',
  euro: '\u20AC',
  pound: '\u00A3',
  yen: '\u00A5',
  cent: '\u00A2',
  micro: '\u00B5',
  half: '\u00BD',
  frac12: '\u00BD',
  frac14: '\u00BC',
  frac34: '\u00BE',
  sup2: '\u00B2',
  sup3: '\u00B3',
  iexcl: '\u00A1',
  iquest: '\u00BF',
  num: '#',
  excl: '!',
  verbar: '|',
  vert: '|',
  lbrace: '{',
  rbrace: '}',
  lbrack: '[',
  rbrack: ']',
  lsqb: '[',
  rsqb: ']',
  lpar: '(',
  rpar: ')',
  equals: '=',
  colon: ':',
  semi: ';',
  ast: '*',
  sol: '/',
  bsol: '\\',
  grave: '`',
  tilde: '~',
  Hat: '^',
  lowbar: '_',
  percnt: '%',
  dollar: '$',
  commat: '@',
  plus: '+',
  comma: ',',
  period: '.',
  quest: '?',
}

const reference = /&(?:#[xX]([0-9A-Fa-f]+)|#([0-9]+)|([A-Za-z][A-Za-z0-9]*));/g

/**
 * Decodes character references the way MediaWiki's sanitizer does: numeric references outside
 * the characters HTML allows become U+FFFD; unknown names stay as written.
 */
export function decodeReferences(value: string): string {
  if (!value.includes('&')) return value
  return value.replace(reference, (whole, hex?: string, decimal?: string, name?: string) => {
    if (name !== undefined) return named[name] ?? whole
    const code = hex === undefined ? Number.parseInt(decimal ?? '', 10) : Number.parseInt(hex, 16)
    return String.fromCodePoint(validCodePoint(code) ? code : 0xfffd)
  })
}

function validCodePoint(code: number): boolean {
  return (
    code === 0x09 ||
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  )
}
