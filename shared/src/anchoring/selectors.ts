// What a highlight stores to be found again in its page (ARCHITECTURE.md, "The extension"): the
// spec's highlightSource (start/end meta), plus a text-quote selector (the exact text with 32
// characters of context each side) and a text-position selector (offsets in the page text), in the
// W3C Web Annotation shapes that Hypothesis uses. Plain types, no zod: the content script imports
// this; the schemas live in selector-schemas.ts.
import type { HighlightSource } from '../domain/entities/mark'

/** Characters of context kept before and after a quote. */
export const QUOTE_CONTEXT_LENGTH = 32

/** W3C TextQuoteSelector: the quoted text and the text just before and after it. */
export interface TextQuoteSelector {
  type: 'TextQuoteSelector'
  exact: string
  prefix?: string
  suffix?: string
}

/** W3C TextPositionSelector: [start, end) offsets in the page text. */
export interface TextPositionSelector {
  type: 'TextPositionSelector'
  start: number
  end: number
}

/** A selector of the W3C list form (a Hypothesis target's `selector` array holds these, and more). */
export type AnchorSelector = TextQuoteSelector | TextPositionSelector

/** Everything a highlight can be anchored by; any part may be missing (legacy or imported marks). */
export interface AnchorSelectors {
  highlightSource?: HighlightSource
  quote?: TextQuoteSelector
  position?: TextPositionSelector
}

/** What `describeRange` produces for a new highlight: every selector, all present. */
export interface RangeSelectors {
  highlightSource: HighlightSource
  quote: TextQuoteSelector
  position: TextPositionSelector
}

/** The quote and position selectors found in a W3C `selector` list (others are ignored). */
export function selectorsFromList(list: readonly { type: string }[]): AnchorSelectors {
  const selectors: AnchorSelectors = {}
  for (const selector of list) {
    if (selector.type === 'TextQuoteSelector' && selectors.quote === undefined) {
      selectors.quote = selector as TextQuoteSelector
    } else if (selector.type === 'TextPositionSelector' && selectors.position === undefined) {
      selectors.position = selector as TextPositionSelector
    }
  }
  return selectors
}

/** The quote and position selectors as a W3C `selector` list. */
export function selectorsToList(selectors: AnchorSelectors): AnchorSelector[] {
  const list: AnchorSelector[] = []
  if (selectors.quote !== undefined) {
    list.push(selectors.quote)
  }
  if (selectors.position !== undefined) {
    list.push(selectors.position)
  }
  return list
}
