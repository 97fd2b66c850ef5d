// Where a PDF highlight sits, as plain strings and numbers (no pdf.js, no DOM), so that describing
// and re-finding it is testable on its own: the page it starts on and the offset in that page's
// text, the page it ends on and the offset there, plus a text quote with context. A page's text is
// the concatenation of its pdf.js text items (page-text.ts), which is exactly the text of the page's
// text layer; pages of a range are joined with PAGE_BREAK, so a quote across pages reads naturally.
// Stored in a mark as the spec's highlightSource: each end's meta is { parentTagName: PDF_PAGE_TAG,
// parentIndex: page index, textOffset: offset in that page's text }, and the quote goes into the
// W3C `selectors` list the page highlighter uses too.
import { matchQuote, type MatchMethod } from '../anchoring/match-quote'
import { QUOTE_CONTEXT_LENGTH, type TextQuoteSelector } from '../anchoring/selectors'

/** The parentTagName of a highlightSource end that is a PDF page. */
export const PDF_PAGE_TAG = 'PDF-PAGE'

/** What joins two pages' texts in a quote across a page break. */
export const PAGE_BREAK = '\n'

/** A PDF highlight: from (startPage, start) to (endPage, end), page indexes from 0. */
export interface PdfTextSelector {
  startPage: number
  /** Offset in the start page's text. */
  start: number
  endPage: number
  /** Offset in the end page's text (exclusive). */
  end: number
  quote: TextQuoteSelector
}

/** Where a selector was found: the same shape as its position, and how. */
export interface PdfTextAnchor {
  startPage: number
  start: number
  endPage: number
  end: number
  method: MatchMethod
  score: number
}

/** The text of a page by index; undefined when it is not known (yet). */
export type PageTexts = (page: number) => string | undefined

/** The text of pages [first, last] joined with PAGE_BREAK, and where each page starts in it. */
export function joinPages(
  texts: PageTexts,
  first: number,
  last: number,
): { text: string; starts: number[] } | null {
  const pieces: string[] = []
  const starts: number[] = []
  let length = 0
  for (let page = first; page <= last; page += 1) {
    const text = texts(page)
    if (text === undefined) {
      return null
    }
    if (page > first) {
      pieces.push(PAGE_BREAK)
      length += PAGE_BREAK.length
    }
    starts.push(length)
    pieces.push(text)
    length += text.length
  }
  return { text: pieces.join(''), starts }
}

/** The page (relative to the joined range) and offset of `offset` in a joined text. */
function pointInPages(
  starts: readonly number[],
  offset: number,
  affinity: 'forward' | 'backward',
): { page: number; offset: number } {
  let page = 0
  for (let index = 0; index < starts.length; index += 1) {
    const begin = starts[index]!
    // A range end at the very start of a page belongs to the end of the page before it.
    if (begin < offset || (begin === offset && (affinity === 'forward' || index === 0))) {
      page = index
    }
  }
  const begin = starts[page]!
  const next = starts[page + 1]
  const pageLength = next === undefined ? Infinity : next - PAGE_BREAK.length - begin
  return { page, offset: Math.min(Math.max(0, offset - begin), pageLength) }
}

/**
 * The selector of the text from (startPage, start) to (endPage, end); null when it holds no text
 * or a page text it needs is unknown. The quote's context comes from the neighbouring pages too.
 */
export function describePdfText(
  texts: PageTexts,
  startPage: number,
  start: number,
  endPage: number,
  end: number,
): PdfTextSelector | null {
  const joined = joinPages(texts, startPage, endPage)
  if (joined === null) {
    return null
  }
  const from = joined.starts[0]! + start
  const to = joined.starts[endPage - startPage]! + end
  const exact = joined.text.slice(from, to)
  if (to <= from || exact.trim() === '') {
    return null
  }
  const before = `${texts(startPage - 1) ?? ''}${startPage > 0 ? PAGE_BREAK : ''}${joined.text.slice(0, from)}`
  const after = `${joined.text.slice(to)}${PAGE_BREAK}${texts(endPage + 1) ?? ''}`
  return {
    startPage,
    start,
    endPage,
    end,
    quote: {
      type: 'TextQuoteSelector',
      exact,
      prefix: before.slice(Math.max(0, before.length - QUOTE_CONTEXT_LENGTH)),
      suffix: after.slice(0, QUOTE_CONTEXT_LENGTH),
    },
  }
}

/**
 * Finds `selector` in pages [first, last] (its own pages by default): the quote is matched near its
 * stored position, with its context (match-quote.ts). Null when those pages' texts are not all known
 * or the quote is not there; a caller may then try the whole document.
 */
export function anchorPdfText(
  selector: PdfTextSelector,
  texts: PageTexts,
  first = selector.startPage,
  last = selector.endPage,
): PdfTextAnchor | null {
  const joined = joinPages(texts, first, last)
  if (joined === null) {
    return null
  }
  const hintPage = selector.startPage - first
  const hints =
    hintPage >= 0 && hintPage < joined.starts.length
      ? [joined.starts[hintPage]! + selector.start]
      : []
  const match = matchQuote(joined.text, selector.quote.exact, {
    prefix: selector.quote.prefix,
    suffix: selector.quote.suffix,
    hints,
  })
  if (match === null) {
    return null
  }
  const from = pointInPages(joined.starts, match.start, 'forward')
  const to = pointInPages(joined.starts, match.end, 'backward')
  return {
    startPage: first + from.page,
    start: from.offset,
    endPage: first + to.page,
    end: to.offset,
    method: match.method,
    score: match.score,
  }
}

/** The [start, end) of page `page` that an anchor covers; null when the page is outside it. */
export function pageSpan(
  anchor: Pick<PdfTextAnchor, 'startPage' | 'start' | 'endPage' | 'end'>,
  page: number,
  pageLength: number,
): { start: number; end: number } | null {
  if (page < anchor.startPage || page > anchor.endPage) {
    return null
  }
  const start = page === anchor.startPage ? anchor.start : 0
  const end = page === anchor.endPage ? anchor.end : pageLength
  return end > start ? { start, end: Math.min(end, pageLength) } : null
}

/** One end of a highlightSource (the spec's meta). */
// Type aliases, not interfaces: they fit the guest contract's open highlightSource type.
type SourceMeta = {
  parentTagName: string
  parentIndex: number
  textOffset: number
}

/** The highlightSource a mark stores for a PDF highlight (see the header). */
export type PdfHighlightSource = {
  startMeta: SourceMeta
  endMeta: SourceMeta
  text: string
  selectors: TextQuoteSelector[]
}

/** The selector as the highlightSource a mark stores. */
export function pdfSelectorToHighlightSource(selector: PdfTextSelector): PdfHighlightSource {
  return {
    startMeta: {
      parentTagName: PDF_PAGE_TAG,
      parentIndex: selector.startPage,
      textOffset: selector.start,
    },
    endMeta: {
      parentTagName: PDF_PAGE_TAG,
      parentIndex: selector.endPage,
      textOffset: selector.end,
    },
    text: selector.quote.exact,
    selectors: [selector.quote],
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0

function pdfMeta(value: unknown): SourceMeta | null {
  return isRecord(value) &&
    value.parentTagName === PDF_PAGE_TAG &&
    isCount(value.parentIndex) &&
    isCount(value.textOffset)
    ? (value as unknown as SourceMeta)
    : null
}

/**
 * The PDF selector stored in a mark's highlightSource; null when it is not a PDF highlight (a web
 * page's highlightSource, or a malformed one): such a mark is listed, not painted.
 */
export function pdfSelectorFromHighlightSource(source: unknown): PdfTextSelector | null {
  if (!isRecord(source)) {
    return null
  }
  const startMeta = pdfMeta(source.startMeta)
  const endMeta = pdfMeta(source.endMeta)
  if (startMeta === null || endMeta === null || endMeta.parentIndex < startMeta.parentIndex) {
    return null
  }
  const list = Array.isArray(source.selectors) ? (source.selectors as unknown[]) : []
  const stored = list.find(
    (entry): entry is TextQuoteSelector =>
      isRecord(entry) && entry.type === 'TextQuoteSelector' && typeof entry.exact === 'string',
  )
  const exact = stored?.exact ?? (typeof source.text === 'string' ? source.text : '')
  if (exact === '') {
    return null
  }
  return {
    startPage: startMeta.parentIndex,
    start: startMeta.textOffset,
    endPage: endMeta.parentIndex,
    end: endMeta.textOffset,
    quote: {
      type: 'TextQuoteSelector',
      exact,
      ...(typeof stored?.prefix === 'string' ? { prefix: stored.prefix } : {}),
      ...(typeof stored?.suffix === 'string' ? { suffix: stored.suffix } : {}),
    },
  }
}
