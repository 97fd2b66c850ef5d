import { describe, expect, it } from 'vitest'
import { paletteColors } from './palette'

const SOFT = ['#fdffb4', '#f8b6a8', '#a7e8c8', '#f7c2d6', '#c3bbec', '#c3effc']

describe('paletteColors', () => {
  it("offers the spec's soft palette, the default first, then recent colours in Standard mode", () => {
    expect(paletteColors([], 'BASIC')).toEqual(SOFT)
    expect(paletteColors(['#123456', '#FDFFB4', '#abcdef'], 'BASIC')).toEqual([
      ...SOFT,
      '#123456',
      '#abcdef',
    ])
    const recent = Array.from(
      { length: 12 },
      (_, index) => `#0000${String(index).padStart(2, '0')}`,
    )
    expect(paletteColors(recent, 'BASIC')).toHaveLength(10)
  })

  it('adds the strong palette and recent colours in Advanced mode, each once', () => {
    expect(paletteColors(['#123456', '#FDFFB4', '#f8fc46'], 'EXPERT')).toEqual([
      ...SOFT,
      '#f8fc46',
      '#ffad2a',
      '#92ffaa',
      '#fb83b3',
      '#9d64e2',
      '#3cbefc',
      '#123456',
    ])
  })

  it('shows at most sixteen swatches', () => {
    const recent = Array.from(
      { length: 12 },
      (_, index) => `#0000${String(index).padStart(2, '0')}`,
    )
    expect(paletteColors(recent, 'EXPERT')).toHaveLength(16)
  })
})
