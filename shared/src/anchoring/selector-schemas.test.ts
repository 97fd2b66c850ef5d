import { describe, expect, it } from 'vitest'
import {
  AnchorSelectorListSchema,
  AnchorSelectorsSchema,
  TextPositionSelectorSchema,
  TextQuoteSelectorSchema,
} from './selector-schemas'
import { selectorsFromList, selectorsToList } from './selectors'

const quote = { type: 'TextQuoteSelector', exact: 'kea', prefix: 'The ', suffix: ' is' } as const
const position = { type: 'TextPositionSelector', start: 4, end: 7 } as const

describe('selector schemas', () => {
  it('accept the W3C shapes', () => {
    expect(TextQuoteSelectorSchema.parse(quote)).toEqual(quote)
    expect(TextPositionSelectorSchema.parse(position)).toEqual(position)
    expect(AnchorSelectorListSchema.parse([quote, position])).toEqual([quote, position])
    expect(
      AnchorSelectorsSchema.parse({
        quote,
        position,
        highlightSource: {
          startMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 4 },
          endMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 7 },
          text: 'kea',
        },
      }).quote,
    ).toEqual(quote)
  })

  it('refuse what cannot be anchored', () => {
    expect(TextQuoteSelectorSchema.safeParse({ ...quote, exact: '' }).success).toBe(false)
    expect(TextPositionSelectorSchema.safeParse({ ...position, end: 2 }).success).toBe(false)
    expect(TextPositionSelectorSchema.safeParse({ ...position, start: -1 }).success).toBe(false)
    expect(AnchorSelectorListSchema.safeParse([{ type: 'RangeSelector' }]).success).toBe(false)
  })
})

describe('selector lists', () => {
  it('pick the quote and the position out of a Hypothesis-style list and back', () => {
    const list = [{ type: 'RangeSelector', startContainer: '/p[1]' }, position, quote]
    const selectors = selectorsFromList(list)
    expect(selectors).toEqual({ quote, position })
    expect(selectorsToList(selectors)).toEqual([quote, position])
  })
})
