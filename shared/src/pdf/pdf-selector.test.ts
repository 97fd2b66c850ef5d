import { beforeAll, describe, expect, it } from 'vitest'
import {
  PAGE_BREAK,
  PDF_PAGE_TAG,
  anchorPdfText,
  describePdfText,
  pageSpan,
  pdfSelectorFromHighlightSource,
  pdfSelectorToHighlightSource,
} from './pdf-selector'
import { fixturePageTexts } from './test-support'

describe('PDF selectors on tracemonkey.pdf', () => {
  let texts: string[]
  const known = (page: number) => texts[page]

  beforeAll(async () => {
    texts = await fixturePageTexts('tracemonkey.pdf')
  })

  it('describes a passage of one page and finds it again at the same place', () => {
    const start = texts[2]!.indexOf('trace')
    const selector = describePdfText(known, 2, start, 2, start + 40)!
    expect(selector.quote.exact).toBe(texts[2]!.slice(start, start + 40))
    expect(selector.quote.prefix).toBe(texts[2]!.slice(start - 32, start))
    const anchor = anchorPdfText(selector, known)!
    expect(anchor).toMatchObject({ startPage: 2, start, endPage: 2, end: start + 40 })
    expect(anchor.method).toBe('exact-near-position')
  })

  it('describes a selection across a page break as one quote joined by the page break', () => {
    const start = texts[0]!.length - 25
    const selector = describePdfText(known, 0, start, 1, 30)!
    expect(selector.quote.exact).toBe(
      `${texts[0]!.slice(start)}${PAGE_BREAK}${texts[1]!.slice(0, 30)}`,
    )
    const anchor = anchorPdfText(selector, known)!
    expect(anchor).toMatchObject({ startPage: 0, start, endPage: 1, end: 30 })
    expect(pageSpan(anchor, 0, texts[0]!.length)).toEqual({ start, end: texts[0]!.length })
    expect(pageSpan(anchor, 1, texts[1]!.length)).toEqual({ start: 0, end: 30 })
    expect(pageSpan(anchor, 2, texts[2]!.length)).toBeNull()
  })

  it('finds a highlight whose stored page is wrong by searching the whole document', () => {
    const start = texts[5]!.indexOf('loop')
    const selector = describePdfText(known, 5, start, 5, start + 60)!
    const moved = { ...selector, startPage: 1, endPage: 1 }
    expect(anchorPdfText(moved, known)).toBeNull()
    expect(anchorPdfText(moved, known, 0, texts.length - 1)).toMatchObject({
      startPage: 5,
      start,
      endPage: 5,
      end: start + 60,
    })
  })

  it('refuses to describe empty or whitespace text and pages it does not know', () => {
    expect(describePdfText(known, 1, 10, 1, 10)).toBeNull()
    expect(describePdfText(known, 1, 0, texts.length, 5)).toBeNull()
  })
})

describe('PDF highlightSource', () => {
  const selector = {
    startPage: 3,
    start: 12,
    endPage: 4,
    end: 7,
    quote: {
      type: 'TextQuoteSelector' as const,
      exact: 'end of three\nstart',
      prefix: 'p',
      suffix: 's',
    },
  }

  it('round-trips through the highlightSource a mark stores', () => {
    const source = pdfSelectorToHighlightSource(selector)
    expect(source.startMeta).toEqual({
      parentTagName: PDF_PAGE_TAG,
      parentIndex: 3,
      textOffset: 12,
    })
    expect(pdfSelectorFromHighlightSource(JSON.parse(JSON.stringify(source)))).toEqual(selector)
  })

  it('reads no PDF selector from a web page highlightSource or malformed input', () => {
    const web = {
      startMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 0 },
      endMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 4 },
      text: 'word',
    }
    expect(pdfSelectorFromHighlightSource(web)).toBeNull()
    expect(pdfSelectorFromHighlightSource(null)).toBeNull()
    const backwards = pdfSelectorToHighlightSource({ ...selector, startPage: 5 })
    expect(pdfSelectorFromHighlightSource(backwards)).toBeNull()
    const noText = { ...pdfSelectorToHighlightSource(selector), selectors: [], text: '' }
    expect(pdfSelectorFromHighlightSource(noText)).toBeNull()
  })

  it('falls back to the highlightSource text when no quote selector is stored', () => {
    const { selectors: _dropped, ...bare } = pdfSelectorToHighlightSource(selector)
    expect(pdfSelectorFromHighlightSource(bare)?.quote).toEqual({
      type: 'TextQuoteSelector',
      exact: selector.quote.exact,
    })
  })
})
