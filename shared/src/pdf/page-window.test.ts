import { describe, expect, it } from 'vitest'
import { DEFAULT_PAGE_WINDOW, inRange, maxKeptPages, pageWindow, visiblePages } from './page-window'

/** Pages `height` px tall with `gap` px between them, from y = 0. */
function evenPages(height: number, gap: number) {
  return (index: number) => ({
    top: index * (height + gap),
    bottom: index * (height + gap) + height,
  })
}

describe('which pages a view shows', () => {
  const bounds = evenPages(1000, 20)

  it('finds the pages the view crosses, gaps included', () => {
    expect(visiblePages(1000, bounds, 0, 800)).toEqual({ first: 0, last: 0 })
    expect(visiblePages(1000, bounds, 900, 1500)).toEqual({ first: 0, last: 1 })
    // A view that starts in the gap after page 0 begins at page 1.
    expect(visiblePages(1000, bounds, 1005, 1015)).toEqual({ first: 1, last: 1 })
    expect(visiblePages(1000, bounds, 500 * 1020 + 10, 500 * 1020 + 3000)).toEqual({
      first: 500,
      last: 502,
    })
  })

  it('answers the nearest page for a view beyond the document, and null for no pages', () => {
    expect(visiblePages(10, bounds, 99_999, 100_500)).toEqual({ first: 9, last: 9 })
    expect(visiblePages(10, bounds, -500, -10)).toEqual({ first: 0, last: 0 })
    expect(visiblePages(0, bounds, 0, 100)).toBeNull()
  })

  it('asks for a few bounds only in a long document', () => {
    let asked = 0
    const counting = (index: number) => {
      asked += 1
      return bounds(index)
    }
    visiblePages(1000, counting, 700_000, 701_000)
    expect(asked).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(1000)) + 2)
  })
})

describe('which pages are drawn and kept', () => {
  it('draws the visible pages first, then the nearest either side', () => {
    expect(pageWindow({ first: 10, last: 11 }, 1000, { drawAhead: 2, keepAhead: 4 })).toEqual({
      draw: [10, 11, 12, 9, 13, 8],
      keep: { first: 6, last: 15 },
    })
  })

  it('stays inside the document at both ends', () => {
    expect(pageWindow({ first: 0, last: 0 }, 1000)).toEqual({
      draw: [0, 1, 2],
      keep: { first: 0, last: 4 },
    })
    expect(pageWindow({ first: 999, last: 999 }, 1000)).toEqual({
      draw: [999, 998, 997],
      keep: { first: 995, last: 999 },
    })
    expect(pageWindow({ first: 0, last: 0 }, 1).draw).toEqual([0])
    expect(pageWindow({ first: 0, last: 0 }, 0).draw).toEqual([])
  })

  it('keeps at least what it draws, so a page drawn ahead is not let go at once', () => {
    const window = pageWindow({ first: 50, last: 50 }, 1000, { drawAhead: 5, keepAhead: 1 })
    for (const index of window.draw) {
      expect(inRange(window.keep, index)).toBe(true)
    }
  })

  it('keeps a bounded number of pages wherever the view is', () => {
    for (const first of [0, 1, 37, 500, 996, 999]) {
      const window = pageWindow({ first, last: Math.min(999, first + 1) }, 1000)
      expect(window.keep.last - window.keep.first + 1).toBeLessThanOrEqual(
        maxKeptPages(2, DEFAULT_PAGE_WINDOW),
      )
    }
  })
})
