// Re-finds a stored highlight in an indexed page: the quote (from the text-quote selector, else the
// highlightSource's text) is matched with the stored position and the highlightSource's position as
// hints (match-quote.ts), and the match becomes a DOM range. A stored position counts code points
// (W3C); it becomes a UTF-16 offset of the indexed text here. Positions stored before that rule
// (and Hypothesis's, which count UTF-16 units) differ by the astral characters before them, which
// the matcher's window around a hint absorbs. The index's block boundaries let a quote whose
// writer saw a space where the page has a <br> or a new paragraph still match exactly.
import { toUtf16Offset } from './code-points'
import { resolveSourceMeta } from './highlight-source'
import { matchQuoteSteps, type MatchMethod, type MatchOptions } from './match-quote'
import type { AnchorSelectors } from './selectors'
import { rangeFromOffsets, type TextIndex } from './text-index'

/** A highlight found in the page. */
export interface Anchor {
  range: Range
  /** Offsets in the indexed text. */
  start: number
  end: number
  method: MatchMethod
  /** Score in [0, 1]; see quote-score.ts. */
  score: number
  /** Edits between the stored quote and the anchored text. */
  errors: number
}

/** Options of anchoring. */
export type AnchorOptions = Pick<MatchOptions, 'minScore'>

/** The quote, context and position hints the selectors give. */
function matchInput(
  index: TextIndex,
  selectors: AnchorSelectors,
): { quote: string; options: MatchOptions } {
  const { quote, position, highlightSource } = selectors
  const hints: number[] = []
  if (position !== undefined) {
    hints.push(toUtf16Offset(index.text, position.start))
  }
  if (highlightSource !== undefined) {
    const offset = resolveSourceMeta(index, highlightSource.startMeta)
    if (offset !== null && !hints.includes(offset)) {
      hints.push(offset)
    }
  }
  return {
    quote: quote?.exact ?? highlightSource?.text ?? '',
    options: { prefix: quote?.prefix, suffix: quote?.suffix, hints, breaks: index.breaks },
  }
}

/**
 * Anchors `selectors` in `index`, yielding between pieces of work (anchor-all.ts spreads them
 * over tasks). Returns the match as offsets; the caller turns it into a range.
 */
export function* anchorSteps(
  index: TextIndex,
  selectors: AnchorSelectors,
  options: AnchorOptions = {},
): Generator<void, Omit<Anchor, 'range'> | null> {
  const input = matchInput(index, selectors)
  const match = yield* matchQuoteSteps(index.text, input.quote, { ...input.options, ...options })
  if (match === null) {
    return null
  }
  return {
    start: match.start,
    end: match.end,
    method: match.method,
    score: match.score,
    errors: match.errors,
  }
}

/** Anchors `selectors` in `index` in one go: the range and how it was found, or null. */
export function anchorSelectors(
  index: TextIndex,
  selectors: AnchorSelectors,
  options: AnchorOptions = {},
): Anchor | null {
  const steps = anchorSteps(index, selectors, options)
  let step = steps.next()
  while (step.done !== true) {
    step = steps.next()
  }
  const found = step.value
  const range = found === null ? null : rangeFromOffsets(index, found.start, found.end)
  return found === null || range === null ? null : { ...found, range }
}
