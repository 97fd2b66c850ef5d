import { createBookmark, createMark } from '@inkmark/shared'
import { DOMMatrix } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'

// pdf.js (loaded with @inkmark/shared/pdf) needs DOMMatrix, which Node lacks: the canvas package
// pdf.js itself uses in Node supplies it, as pdfjs-dist's legacy build does.
globalThis.DOMMatrix ??= DOMMatrix as unknown as typeof globalThis.DOMMatrix
const { describePdfText, pdfSelectorFromHighlightSource } = await import('@inkmark/shared/pdf')
const { createPdfTextMark, toPdfMarks } = await import('./pdf-marks')

const PAGES = ['First page text here.', 'Second page goes on.']
const texts = (page: number) => PAGES[page]

const bookmark = createBookmark(
  { _id: 'b1', url: 'file:///paper.pdf', title: 'paper', origin: undefined },
  1_000,
)

function selectionAcrossPages() {
  const selector = describePdfText(texts, 0, 11, 1, 6)
  if (selector === null) {
    throw new Error('no selector')
  }
  return { selector, text: selector.quote.exact }
}

describe('createPdfTextMark', () => {
  it('makes a mark of the bookmark with the selector as its highlightSource', () => {
    const selection = selectionAcrossPages()
    const mark = createPdfTextMark(bookmark, selection, 'rgb(253, 255, 180)', 'm1', 2_000)
    expect(mark).toMatchObject({
      _id: 'm1',
      _bookmark: 'b1',
      url: 'file:///paper.pdf',
      title: 'paper',
      text: 'text here.\nSecond',
      color: '#fdffb4',
      createdAt: 2_000,
    })
    expect(mark.highlightSource?.startMeta).toEqual({
      parentTagName: 'PDF-PAGE',
      parentIndex: 0,
      textOffset: 11,
    })
    expect(pdfSelectorFromHighlightSource(mark.highlightSource)).toEqual(selection.selector)
  })
})

describe('toPdfMarks', () => {
  it('keeps PDF highlights with a safe colour and their notes and tags flags', () => {
    const pdf = createPdfTextMark(bookmark, selectionAcrossPages(), '#c3effc', 'm1', 2_000)
    const withNote = { ...pdf, _id: 'm2', color: 'url(evil)', notes: 'why', tags: ['a'] }
    const webPage = createMark(
      {
        _id: 'm3',
        _bookmark: 'b1',
        url: 'https://example.com',
        highlightSource: {
          startMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 0 },
          endMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 4 },
        },
      },
      1,
    )
    const selector = pdfSelectorFromHighlightSource(pdf.highlightSource)
    expect(toPdfMarks([pdf, withNote, webPage])).toEqual([
      { id: 'm1', color: '#c3effc', selector, hasNotes: false, hasTags: false },
      { id: 'm2', color: '#fdffb4', selector, hasNotes: true, hasTags: true },
    ])
  })
})
