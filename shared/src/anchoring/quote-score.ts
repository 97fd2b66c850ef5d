// How much a candidate place for a quote looks like where the quote was: the share of the evidence
// (the quote's characters and its prefix and suffix) that still agrees there. A long quote carries
// itself; a short one ("Yes") needs its context to agree, so that a quote whose paragraph is gone
// is refused instead of painted on the first look-alike.
import approxSearch from 'approx-string-match'

/** Below this score a candidate is refused: better unanchored (listed in the sidebar) than wrong. */
export const MIN_ANCHOR_SCORE = 0.75

/** Similarity in [0, 1] of `actual` to `expected`: 1 minus the edit distance per character. */
export function textSimilarity(actual: string, expected: string): number {
  if (expected.length === 0 || actual === expected) {
    return 1
  }
  if (actual.length === 0) {
    return 0
  }
  // Best alignment of the expected text inside the actual one (an approximate substring match).
  const [best] = approxSearch(actual, expected, expected.length)
  const errors = best === undefined ? expected.length : best.errors
  return Math.max(0, 1 - errors / expected.length)
}

/** The context a quote was stored with. */
export interface QuoteContext {
  prefix?: string
  suffix?: string
}

/**
 * The score in [0, 1] of the quote (`quoteLength` characters, stored with `context`) found at
 * [start, end) of `text` with `errors` edits: matching characters over characters of evidence.
 */
export function scoreCandidate(
  text: string,
  start: number,
  end: number,
  errors: number,
  quoteLength: number,
  context: QuoteContext,
): number {
  const prefix = context.prefix ?? ''
  const suffix = context.suffix ?? ''
  const prefixScore = text.endsWith(prefix, start)
    ? 1
    : textSimilarity(text.slice(Math.max(0, start - prefix.length), start), prefix)
  const suffixScore = text.startsWith(suffix, end)
    ? 1
    : textSimilarity(text.slice(end, end + suffix.length), suffix)
  const quoteScore = Math.max(0, 1 - errors / quoteLength)
  const evidence = quoteLength + prefix.length + suffix.length
  return (
    (quoteLength * quoteScore + prefix.length * prefixScore + suffix.length * suffixScore) /
    evidence
  )
}
