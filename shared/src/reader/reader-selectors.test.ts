import { describe, expect, it } from 'vitest'
import type { HighlightSource } from '../domain/entities/mark'
import { pageSelectorsOf, quoteSelectorsOf, readerSelectorsOf } from './reader-selectors'

const meta = { parentTagName: 'P', parentIndex: 3, textOffset: 4 }
const quote = { type: 'TextQuoteSelector' as const, exact: 'needs', prefix: 'a ', suffix: ' b' }
const position = { type: 'TextPositionSelector' as const, start: 40, end: 45 }
const source = (extra: object = {}): HighlightSource => ({
  startMeta: meta,
  endMeta: meta,
  text: 'needs',
  selectors: [quote, position],
  ...extra,
})

describe('reader selectors', () => {
  it("uses a surface's own anchors in full", () => {
    expect(pageSelectorsOf({ highlightSource: source() })).toEqual({
      highlightSource: source(),
      quote,
      position,
    })
    expect(readerSelectorsOf({ highlightSourceReader: source() })).toEqual({
      highlightSource: source(),
      quote,
      position,
    })
  })

  it("uses only the other surface's quote", () => {
    expect(readerSelectorsOf({ highlightSource: source() })).toEqual({ quote })
    expect(pageSelectorsOf({ highlightSourceReader: source() })).toEqual({ quote })
  })

  it('falls back to the stored text, and to nothing', () => {
    expect(quoteSelectorsOf(source({ selectors: 'broken' }), undefined)).toEqual({
      quote: { type: 'TextQuoteSelector', exact: 'needs' },
    })
    expect(readerSelectorsOf({ text: 'kept' })).toEqual({
      quote: { type: 'TextQuoteSelector', exact: 'kept' },
    })
    expect(readerSelectorsOf({})).toEqual({})
  })
})
