import type { Profile } from './define-profile.js'
import { defineProfile } from './define-profile.js'

/**
 * The Arch Wiki's templates: code (`bc`, `hc`, `ic`), package and man-page references, the
 * `{{=}}`/`{{!}}` escapes, and the four admonitions with or without a `(Language)` suffix. Names
 * match case-insensitively, as the reference implementation did.
 */
export const archwiki: Profile = defineProfile({
  name: 'archwiki',
  caseInsensitive: true,
  languageSuffix: ['admonition'],
  templates: {
    bc: { kind: 'codeBlock' },
    hc: { kind: 'fileBlock' },
    ic: { kind: 'inlineCode' },
    pkg: { kind: 'text' },
    aur: { kind: 'text' },
    grp: { kind: 'text' },
    man: { kind: 'manPage' },
    '=': { kind: 'literal', value: '=' },
    '!': { kind: 'literal', value: '|' },
    note: { kind: 'admonition', type: 'NOTE' },
    warning: { kind: 'admonition', type: 'WARNING' },
    tip: { kind: 'admonition', type: 'TIP' },
    caution: { kind: 'admonition', type: 'CAUTION' },
  },
})
