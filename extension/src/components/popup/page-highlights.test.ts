import { createMark, type MarkInit } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { LISTED_HIGHLIGHTS, highlightWords, listedHighlights } from './page-highlights'

const mark = (id: string, fields: Partial<MarkInit>, at: number) =>
  createMark({ _id: id, _bookmark: 'b1', url: 'https://example.org/a', ...fields }, at)

describe("the popup's highlights", () => {
  it('lists the first highlights in page order, with their words', () => {
    const marks = Array.from({ length: 6 }, (_, index) =>
      mark(`m${index}`, { text: `  Highlight\n number ${index} ` }, 6 - index),
    )
    const listed = listedHighlights(marks)
    expect(listed).toHaveLength(LISTED_HIGHLIGHTS)
    expect(listed[0]).toMatchObject({ text: 'Highlight number 5', hasNote: false })
  })

  it('names an image highlight by its description', () => {
    expect(highlightWords({ text: '', imageAlt: 'A chart' })).toBe('Image: A chart')
    expect(highlightWords({})).toBe('Image')
  })

  it('tells which highlights have a note', () => {
    expect(listedHighlights([mark('m1', { text: 'a', notes: 'why' }, 1)])[0]?.hasNote).toBe(true)
  })
})
