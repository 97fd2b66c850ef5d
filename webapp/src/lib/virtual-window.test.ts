import { describe, expect, it } from 'vitest'
import { rowAt, rowOffsets, scrollTopToReveal, visibleRange } from './virtual-window'

describe('virtual window', () => {
  const offsets = rowOffsets([40, 100, 100, 100, 100])

  it('stacks the rows', () => {
    expect(offsets).toEqual([0, 40, 140, 240, 340, 440])
    expect(rowOffsets([])).toEqual([0])
  })

  it('finds the row at a position', () => {
    expect(rowAt(offsets, 0)).toBe(0)
    expect(rowAt(offsets, 39)).toBe(0)
    expect(rowAt(offsets, 40)).toBe(1)
    expect(rowAt(offsets, 10_000)).toBe(4)
    expect(rowAt([0], 5)).toBe(0)
  })

  it('renders the rows in view plus the overscan', () => {
    expect(visibleRange(offsets, 0, 150, 0)).toEqual({ start: 0, end: 3 })
    expect(visibleRange(offsets, 150, 100, 1)).toEqual({ start: 1, end: 5 })
    expect(visibleRange([0], 0, 500, 3)).toEqual({ start: 0, end: 0 })
  })

  it('stays small for 10,000 rows', () => {
    const many = rowOffsets(new Array<number>(10_000).fill(88))
    const range = visibleRange(many, 440_000, 800, 4)
    expect(range.end - range.start).toBeLessThan(20)
    expect(range.start).toBe(4996)
  })

  it('scrolls just enough to reveal a row', () => {
    expect(scrollTopToReveal(offsets, 1, 0, 200)).toBeUndefined()
    expect(scrollTopToReveal(offsets, 4, 0, 200)).toBe(240)
    expect(scrollTopToReveal(offsets, 0, 100, 200)).toBe(0)
    expect(scrollTopToReveal(offsets, 9, 0, 200)).toBeUndefined()
  })
})
