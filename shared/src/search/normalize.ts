// How search reads text, the same way for what is indexed and what is typed: words (letters and
// digits), compared without case or accents ("Café" is "cafe"), and apostrophes that join a word
// rather than split it ("couple's" is found by "couple", "couples" and "couple's"). See
// docs/adr/037-search.md.

/** Apostrophes people and pages use inside words: ASCII, right single quote, modifier letter. */
const APOSTROPHES = /['\u2019\u02bc\u2018`]/g

/** A word: letters, digits and combining marks, with apostrophes inside it. */
const WORD = /[\p{L}\p{N}\p{M}]+(?:['\u2019\u02bc\u2018`][\p{L}\p{N}\p{M}]+)*/gu

/** Combining marks left by NFD decomposition (the accents of "é", "ñ", "ö"). */
const COMBINING_MARKS = /\p{M}/gu

/** Lowercased, with accents removed (NFD, then the combining marks dropped). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase()
}

/** A word of a text and where it is, for marking matches in the original text. */
export interface WordSpan {
  /** Offset of the word's first character in the text. */
  start: number
  /** Offset just after the word's last character. */
  end: number
  /** The forms the index knows the word by (see `wordForms`). */
  forms: readonly string[]
}

/**
 * The forms a word is indexed by: folded, with apostrophes removed ("couples"), and when it has
 * apostrophes also its first part ("couple"), so that "couple verdict" finds "couple's verdict".
 */
export function wordForms(word: string): string[] {
  const folded = foldForSearch(word)
  const joined = folded.replace(APOSTROPHES, '')
  const parts = folded.split(APOSTROPHES)
  if (parts.length === 1) {
    return [joined]
  }
  const first = parts[0] ?? ''
  return first !== '' && first !== joined ? [joined, first] : [joined]
}

/** The words of a text with their positions. */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = []
  for (const match of text.matchAll(WORD)) {
    const start = match.index
    spans.push({ start, end: start + match[0].length, forms: wordForms(match[0]) })
  }
  return spans
}

/** The terms a text is indexed by: every form of every word. */
export function indexTerms(text: string): string[] {
  const terms: string[] = []
  for (const match of text.matchAll(WORD)) {
    terms.push(...wordForms(match[0]))
  }
  return terms
}

/**
 * The words of a query, folded and with apostrophes removed ("Couple's" is "couples"): each word
 * a person types is one term, which the index's forms of "couple's" both answer to.
 */
export function queryTerms(query: string): string[] {
  const terms: string[] = []
  for (const match of query.matchAll(WORD)) {
    terms.push(foldForSearch(match[0]).replace(APOSTROPHES, ''))
  }
  return terms
}
