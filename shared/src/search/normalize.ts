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
  // Lowercase first: 'İ' lowercases to 'i' and a combining dot, which the folding then drops.
  return text.toLowerCase().normalize('NFD').replace(COMBINING_MARKS, '')
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

/**
 * The last word of a query is a prefix from this many letters on ("ver" finds "verdict"); shorter,
 * it is a whole word, as a prefix of one or two letters would list most of a library.
 */
export const MIN_PREFIX_LENGTH = 3

/**
 * Words too common to tell texts apart. They are not indexed (each would list most of a library,
 * and a query would spend its time scoring them) and a query's words among them are skipped,
 * except the last one from MIN_PREFIX_LENGTH letters on, which may be the start of a longer word ("the" of "theory").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an and are as at be but by for from had has have he her his i if in into is it its of on or
  our she so than that the their them then there these they this to was we were which who will
  with you your`.split(/\s+/),
)

/** Whether an apostrophe is in a folded word (rare: checked before the slower split). */
const hasApostrophe = (word: string) => /['\u2019\u02bc\u2018`]/.test(word)

/**
 * The terms a text is indexed by: every form of every word, stop words left out. The text is
 * folded once as a whole (folding word by word cost most of the indexing time).
 */
export function indexTerms(text: string): string[] {
  const terms: string[] = []
  for (const match of foldForSearch(text).matchAll(WORD)) {
    const word = match[0]
    if (!hasApostrophe(word)) {
      if (!STOP_WORDS.has(word)) {
        terms.push(word)
      }
      continue
    }
    for (const form of wordForms(word)) {
      if (!STOP_WORDS.has(form)) {
        terms.push(form)
      }
    }
  }
  return terms
}

/**
 * The words of a query, folded and with apostrophes removed ("Couple's" is "couples"): each word
 * a person types is one term, which the index's forms of "couple's" both answer to.
 */
export function queryTerms(query: string): string[] {
  const words: string[] = []
  for (const match of foldForSearch(query).matchAll(WORD)) {
    words.push(match[0].replace(APOSTROPHES, ''))
  }
  const last = words.length - 1
  return words.filter(
    (word, i) => !STOP_WORDS.has(word) || (i === last && word.length >= MIN_PREFIX_LENGTH),
  )
}
