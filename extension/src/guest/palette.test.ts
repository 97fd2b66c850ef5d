import { describe, expect, it } from 'vitest'
import { paletteColors } from './palette'

describe('paletteColors', () => {
  it("offers the spec's soft palette, default first, then recent colours not in it", () => {
    expect(paletteColors([])[0]).toBe('#fdffb4')
    expect(paletteColors([])).toHaveLength(6)
    expect(paletteColors(['#123456', '#FDFFB4', '#abcdef'])).toEqual([
      '#fdffb4',
      '#f8b6a8',
      '#a7e8c8',
      '#f7c2d6',
      '#c3bbec',
      '#c3effc',
      '#123456',
      '#abcdef',
    ])
  })

  it('shows at most ten swatches', () => {
    const recent = Array.from(
      { length: 12 },
      (_, index) => `#0000${String(index).padStart(2, '0')}`,
    )
    expect(paletteColors(recent)).toHaveLength(10)
  })
})
