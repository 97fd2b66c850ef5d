// How a highlight imported with its selectors (Hypothesis, W3C Web Annotations) keeps them, so that
// it anchors on the live page with its context instead of by its text alone: the file's selector
// list goes into the mark's highlightSource.selectors as it came (the form the highlighter stores,
// reader/reader-selectors.ts reads), beside the spec's startMeta and endMeta. A file gives no
// element indexes, so the metas name the page's body: textOffset is the text position's start and
// end when the file has one (a valid highlightSource end, and the order of the page's highlights),
// else the metas name IMPORTED_QUOTE_TAG, which no element has, and anchoring uses the quote and
// its context only (as PDF-PAGE and TRANSCRIPT metas name what is not an element).
// docs/adr/068-moving-in-with-anchors.md.
import { AnchorSelectorSchema } from '../anchoring/selector-schemas'
import type { HighlightSource } from '../domain/entities/mark'

/** Selector types our anchoring reads: kept only when valid, since the highlighter trusts them. */
const ANCHORING_TYPES = new Set(['TextQuoteSelector', 'TextPositionSelector'])

/** The parentTagName of an imported highlight's ends when its file gives no text position. */
export const IMPORTED_QUOTE_TAG = 'INKMARK-IMPORTED-QUOTE'

/** One selector of a file's list: any object with a string type, kept as it came. */
export type ImportedSelector = { type: string } & Record<string, unknown>

/**
 * The objects of a W3C `selector` value (one or a list) that are selectors (have a string type);
 * a quote or position selector that is not valid (an exact that is no text, a negative offset) is
 * left out, since the highlighter anchors by them as they are.
 */
export function selectorListOf(value: unknown): ImportedSelector[] {
  const list: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return list.filter(
    (item): item is ImportedSelector =>
      typeof item === 'object' &&
      item !== null &&
      !Array.isArray(item) &&
      typeof (item as { type?: unknown }).type === 'string' &&
      (!ANCHORING_TYPES.has((item as { type: string }).type) ||
        AnchorSelectorSchema.safeParse(item).success),
  )
}

/** The quote of a selector list: its first TextQuoteSelector's exact text ('' when none). */
export function quoteOf(selectors: readonly ImportedSelector[]): string {
  const quote = selectors.find((selector) => selector.type === 'TextQuoteSelector')
  return typeof quote?.exact === 'string' ? quote.exact : ''
}

function positionOf(selectors: readonly ImportedSelector[]): { start: number; end: number } | null {
  const position = selectors.find((selector) => selector.type === 'TextPositionSelector')
  const start = position?.start
  const end = position?.end
  return Number.isInteger(start) &&
    Number.isInteger(end) &&
    (start as number) >= 0 &&
    (end as number) >= (start as number)
    ? { start: start as number, end: end as number }
    : null
}

/** The highlightSource of a highlight imported with `selectors` (see the header); none if empty. */
export function importedHighlightSource(
  selectors: readonly ImportedSelector[],
): HighlightSource | undefined {
  const text = quoteOf(selectors)
  if (text === '') {
    return undefined
  }
  const position = positionOf(selectors)
  const meta = (textOffset: number) =>
    position === null
      ? { parentTagName: IMPORTED_QUOTE_TAG, parentIndex: 0, textOffset: 0 }
      : { parentTagName: 'BODY', parentIndex: 0, textOffset }
  return {
    startMeta: meta(position?.start ?? 0),
    endMeta: meta(position?.end ?? 0),
    text,
    selectors: [...selectors],
  }
}
