import { stemmer as englishStemmer } from '@orama/stemmers/english'
import { stemmer as italianStemmer } from '@orama/stemmers/italian'

/** Languages search stems: Snowball's Italian, an English Porter stemmer, or none. */
export type SearchLanguage = 'it' | 'en' | 'none'

/** Maps a folded word to its stem; the identity when the language has no stemmer. */
export type Stem = (word: string) => string

/**
 * The stemmer for a language. Words reach it folded (lower case, accents stripped), on the page and
 * in the query alike, so both sides meet on the same stem even where folding changed the suffix.
 */
export function stemmerFor(language: SearchLanguage): Stem {
  if (language === 'it') return italianStemmer
  if (language === 'en') return englishStemmer
  return (word) => word
}
