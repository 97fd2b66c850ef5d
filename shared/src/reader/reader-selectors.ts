// One highlight, two surfaces: a mark made on the live page keeps its page anchors in
// highlightSource, a mark made in the reader keeps the reader's in highlightSourceReader (the
// spec's two fields). Each surface uses its own anchors when it has them; for the other surface's
// mark it uses only the text-quote selector (the exact text with its context), the one selector
// that survives Readability's extraction: text positions and element indexes count a different
// document and, as hints, would pull the match towards the wrong place.
import type { HighlightSource } from '../domain/entities/mark'
import { selectorsFromList, type AnchorSelectors } from '../anchoring/selectors'

/** What a surface needs of a mark to anchor it (a stored Mark or a guest's PaintableMark). */
export interface TwoSurfaceMark {
  highlightSource?: HighlightSource
  highlightSourceReader?: HighlightSource
  text?: string
}

function selectorList(source: HighlightSource | undefined): { type: string }[] {
  const list: unknown = source?.selectors
  return Array.isArray(list)
    ? list.filter(
        (item: unknown): item is { type: string } =>
          typeof item === 'object' &&
          item !== null &&
          typeof (item as { type?: unknown }).type === 'string',
      )
    : []
}

/** All of a surface's own anchors: its highlightSource meta plus the quote and position selectors. */
function ownSelectors(source: HighlightSource): AnchorSelectors {
  return { highlightSource: source, ...selectorsFromList(selectorList(source)) }
}

/** Only the quote of the other surface's anchors (or the highlighted text); empty when there is none. */
export function quoteSelectorsOf(
  source: HighlightSource | undefined,
  text: string | undefined,
): AnchorSelectors {
  const { quote } = selectorsFromList(selectorList(source))
  if (quote !== undefined && quote.exact !== '') {
    return { quote }
  }
  const exact = source?.text ?? text ?? ''
  return exact === '' ? {} : { quote: { type: 'TextQuoteSelector', exact } }
}

/** How `mark` is found in the reader: its reader anchors, else the live page's quote. */
export function readerSelectorsOf(mark: TwoSurfaceMark): AnchorSelectors {
  return mark.highlightSourceReader
    ? ownSelectors(mark.highlightSourceReader)
    : quoteSelectorsOf(mark.highlightSource, mark.text)
}

/** How `mark` is found on the live page: its page anchors, else the reader's quote. */
export function pageSelectorsOf(mark: TwoSurfaceMark): AnchorSelectors {
  return mark.highlightSource
    ? ownSelectors(mark.highlightSource)
    : quoteSelectorsOf(mark.highlightSourceReader, mark.text)
}
