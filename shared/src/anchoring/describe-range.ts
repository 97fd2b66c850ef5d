// Turns a selection into what a new highlight stores: the spec's highlightSource plus a text-quote
// and a text-position selector over the indexed page text (see selectors.ts). The position counts
// code points, as the W3C model says (code-points.ts); the index counts UTF-16 units.
import { toCodePointOffset } from './code-points'
import { describeHighlightSource } from './highlight-source'
import { QUOTE_CONTEXT_LENGTH, type RangeSelectors } from './selectors'
import { createTextIndex, offsetsOfRange, type TextIndex } from './text-index'

/**
 * The selectors of `range` within `root`; null when the range holds no page text. Pass `index` to
 * describe several ranges of an unchanged page without indexing it each time.
 */
export function describeRange(
  root: Node,
  range: Range,
  index: TextIndex = createTextIndex(root),
): RangeSelectors | null {
  const { start, end } = offsetsOfRange(index, range)
  return describeOffsets(index, start, end)
}

/** The selectors of [start, end) of the indexed text; null when it is empty. */
export function describeOffsets(
  index: TextIndex,
  start: number,
  end: number,
): RangeSelectors | null {
  if (end <= start) {
    return null
  }
  const highlightSource = describeHighlightSource(index, start, end)
  if (highlightSource === null) {
    return null
  }
  const { text } = index
  return {
    highlightSource,
    quote: {
      type: 'TextQuoteSelector',
      exact: text.slice(start, end),
      prefix: text.slice(Math.max(0, start - QUOTE_CONTEXT_LENGTH), start),
      suffix: text.slice(end, end + QUOTE_CONTEXT_LENGTH),
    },
    position: {
      type: 'TextPositionSelector',
      start: toCodePointOffset(text, start),
      end: toCodePointOffset(text, end),
    },
  }
}
