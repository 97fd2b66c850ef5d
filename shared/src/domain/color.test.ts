import { describe, expect, it } from 'vitest'
import {
  DEFAULT_HIGHLIGHT_COLOR,
  highlightColorName,
  offeredHighlightColors,
  HIGHLIGHT_PALETTE,
  MAX_RECENT_COLORS,
  SAMPLE_HIGHLIGHT_COLORS,
  SOFT_HIGHLIGHT_PALETTE,
  addRecentColor,
  isHexColor,
  toHexColor,
} from './color'

describe('colour constants', () => {
  it('uses the spec palette and default', () => {
    expect(DEFAULT_HIGHLIGHT_COLOR).toBe('#fdffb4')
    expect(HIGHLIGHT_PALETTE).toEqual([
      '#f8fc46',
      '#ffad2a',
      '#92ffaa',
      '#fb83b3',
      '#9d64e2',
      '#3cbefc',
    ])
    expect(SOFT_HIGHLIGHT_PALETTE).toEqual([
      '#fdffb4',
      '#f8b6a8',
      '#a7e8c8',
      '#f7c2d6',
      '#c3bbec',
      '#c3effc',
    ])
    expect(SAMPLE_HIGHLIGHT_COLORS).toEqual(['#fbbdff', '#8ffdff', '#ffec70'])
    expect(MAX_RECENT_COLORS).toBe(10)
  })

  it('lists only normalized colours', () => {
    for (const color of [
      ...HIGHLIGHT_PALETTE,
      ...SOFT_HIGHLIGHT_PALETTE,
      ...SAMPLE_HIGHLIGHT_COLORS,
    ]) {
      expect(toHexColor(color)).toBe(color)
    }
    expect(SOFT_HIGHLIGHT_PALETTE[0]).toBe(DEFAULT_HIGHLIGHT_COLOR)
  })
})

describe('toHexColor with hex input', () => {
  it.each([
    ['#fdffb4', '#fdffb4'],
    ['#FDFFB4', '#fdffb4'],
    ['  #Fdffb4 ', '#fdffb4'],
    ['#fa0', '#ffaa00'],
    ['#FA0', '#ffaa00'],
    ['#fa08', '#ffaa0088'],
    ['#fa0f', '#ffaa00'],
    ['#ffad2a80', '#ffad2a80'],
    ['#FFAD2AFF', '#ffad2a'],
    ['#ffad2a00', '#ffad2a00'],
  ])('%j -> %j', (input, expected) => {
    expect(toHexColor(input)).toBe(expected)
  })

  it.each(['#', '#ff', '#fffff', '#fffffff', '#fffffffff', '#ggg', 'fdffb4', '#fdffb4;'])(
    'rejects %j',
    (input) => {
      expect(toHexColor(input)).toBeNull()
    },
  )
})

describe('toHexColor with rgb() and rgba()', () => {
  it.each([
    ['rgb(253, 255, 180)', '#fdffb4'],
    ['RGB(253,255,180)', '#fdffb4'],
    ['rgb(253 255 180)', '#fdffb4'],
    ['rgba(253, 255, 180, 1)', '#fdffb4'],
    ['rgba(253, 255, 180, 0.5)', '#fdffb480'],
    ['rgba(253, 255, 180, 50%)', '#fdffb480'],
    ['rgb(253 255 180 / 0.5)', '#fdffb480'],
    ['rgb(253 255 180 / 25%)', '#fdffb440'],
    ['rgba(253 255 180 / 0)', '#fdffb400'],
    ['rgb(100%, 0%, 50%)', '#ff0080'],
    ['rgb(100% 0 50%)', '#ff0080'],
    ['rgb(300, -20, 127.6)', '#ff0080'],
    ['rgb(1e2, .5, +0)', '#640100'],
    ['rgba(0, 0, 0, 2)', '#000000'],
    ['rgba(0, 0, 0, -1)', '#00000000'],
    ['rgb(1e999, 0, 0)', '#ff0000'],
    ['rgb(0 0 0 / 1e999%)', '#000000'],
    ['rgb( 1 , 2 , 3 )', '#010203'],
  ])('%j -> %j', (input, expected) => {
    expect(toHexColor(input)).toBe(expected)
  })

  it.each([
    'rgb()',
    'rgb(1, 2)',
    'rgb(1, 2, 3, 4, 5)',
    'rgb(1 2)',
    'rgb(1 2 3 4)',
    'rgb(1, 2, 3 / 0.5)',
    'rgb(1 2 3 /)',
    'rgb(1 2 3 / 0.5 / 1)',
    'rgb(1,, 3)',
    'rgb(1, 2, 3,)',
    'rgb(a, b, c)',
    'rgb(1px, 2, 3)',
    'rgba(1, 2, 3, x)',
    'rgb 1 2 3',
    'rgb(1, 2, 3',
    'cmyk(1, 2, 3)',
    'yellow',
    '',
  ])('rejects %j', (input) => {
    expect(toHexColor(input)).toBeNull()
  })
})

describe('toHexColor with hsl() and hsla()', () => {
  it.each([
    ['hsl(0, 100%, 50%)', '#ff0000'],
    ['hsl(120, 100%, 25%)', '#008000'],
    ['hsl(240 100% 50%)', '#0000ff'],
    ['hsl(60deg 100% 50%)', '#ffff00'],
    ['hsl(0.5turn 100% 50%)', '#00ffff'],
    ['hsl(200grad, 100%, 50%)', '#00ffff'],
    ['hsl(3.14159265rad 100% 50%)', '#00ffff'],
    ['hsl(-120, 100%, 50%)', '#0000ff'],
    ['hsl(480, 100%, 50%)', '#00ff00'],
    ['hsl(0, 0%, 100%)', '#ffffff'],
    ['hsl(0, 0%, 0%)', '#000000'],
    ['hsl(0 0 50)', '#808080'],
    ['hsl(0, 150%, 50%)', '#ff0000'],
    ['hsl(0, 100%, -10%)', '#000000'],
    ['hsla(300, 100%, 50%, 0.5)', '#ff00ff80'],
    ['hsl(300 100% 50% / 50%)', '#ff00ff80'],
    ['hsla(300 100% 50% / 1)', '#ff00ff'],
    ['hsl(1e999, 100%, 50%)', '#ff0000'],
    ['hsl(61, 100%, 85%)', '#feffb3'], // cross-checked with color-convert
    ['hsl(210 40% 40%)', '#3d668f'],
    ['hsl(330, 70%, 60%)', '#e05299'],
    ['hsl(45deg 80% 45%)', '#cfa117'],
  ])('%j -> %j', (input, expected) => {
    expect(toHexColor(input)).toBe(expected)
  })

  it.each([
    'hsl(0, 100%)',
    'hsl(red, 100%, 50%)',
    'hsl(10px, 100%, 50%)',
    'hsl(0, x, 50%)',
    'hsl(0, 100%, y)',
    'hsla(0, 100%, 50%, z)',
  ])('rejects %j', (input) => {
    expect(toHexColor(input)).toBeNull()
  })
})

describe('isHexColor', () => {
  it('accepts only the normalized output of toHexColor', () => {
    expect(isHexColor('#fdffb4')).toBe(true)
    expect(isHexColor('#fdffb480')).toBe(true)
    expect(isHexColor('#FDFFB4')).toBe(false)
    expect(isHexColor('#fff')).toBe(false)
    expect(isHexColor('rgb(0, 0, 0)')).toBe(false)
  })
})

describe('addRecentColor', () => {
  it('puts the colour first', () => {
    expect(addRecentColor([], '#f8fc46')).toEqual(['#f8fc46'])
    expect(addRecentColor(['#ffad2a'], '#f8fc46')).toEqual(['#f8fc46', '#ffad2a'])
  })

  it('moves an existing colour to the front, comparing case-insensitively', () => {
    expect(addRecentColor(['#ffad2a', '#F8FC46', '#92ffaa'], '#f8fc46')).toEqual([
      '#f8fc46',
      '#ffad2a',
      '#92ffaa',
    ])
  })

  it('treats any CSS spelling of the same colour as a duplicate and stores hex', () => {
    expect(addRecentColor(['#ffaa00', '#92ffaa'], 'rgb(255, 170, 0)')).toEqual([
      '#ffaa00',
      '#92ffaa',
    ])
    expect(addRecentColor(['#FA0'], '#92FFAA')).toEqual(['#92ffaa', '#ffaa00'])
  })

  it('caps the list at MAX_RECENT_COLORS, dropping the oldest', () => {
    const recent = Array.from({ length: MAX_RECENT_COLORS }, (_, i) => `#0000${i}${i}`)
    const next = addRecentColor(recent, '#f8fc46')
    expect(next).toHaveLength(MAX_RECENT_COLORS)
    expect(next[0]).toBe('#f8fc46')
    expect(next).not.toContain('#000099')
  })

  it('ignores an invalid colour and cleans invalid or duplicate stored entries', () => {
    expect(addRecentColor(['#ffad2a', 'nope', '#FFAD2A'], 'not a colour')).toEqual(['#ffad2a'])
  })

  it('does not mutate its input', () => {
    const recent = ['#ffad2a']
    addRecentColor(recent, '#f8fc46')
    expect(recent).toEqual(['#ffad2a'])
  })
})

const SOFT_SWATCHES = ['#fdffb4', '#f8b6a8', '#a7e8c8', '#f7c2d6', '#c3bbec', '#c3effc']

describe('offeredHighlightColors', () => {
  it("offers the spec's soft palette, the default first, then recent colours in Standard mode", () => {
    expect(offeredHighlightColors([], 'BASIC')).toEqual(SOFT_SWATCHES)
    expect(offeredHighlightColors(['#123456', '#FDFFB4', '#abcdef'], 'BASIC')).toEqual([
      ...SOFT_SWATCHES,
      '#123456',
      '#abcdef',
    ])
    const recent = Array.from(
      { length: 12 },
      (_, index) => `#0000${String(index).padStart(2, '0')}`,
    )
    expect(offeredHighlightColors(recent, 'BASIC')).toHaveLength(10)
  })

  it('adds the strong palette and recent colours in Advanced mode, each once', () => {
    expect(offeredHighlightColors(['#123456', '#FDFFB4', '#f8fc46'], 'EXPERT')).toEqual([
      ...SOFT_SWATCHES,
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
    expect(offeredHighlightColors(recent, 'EXPERT')).toHaveLength(16)
  })

  it('drops colours it cannot read', () => {
    expect(offeredHighlightColors(['nonsense', 'rgb(18, 52, 86)'], 'BASIC')).toEqual([
      ...SOFT_SWATCHES,
      '#123456',
    ])
  })
})

describe('highlightColorName', () => {
  it("names the palettes' colours and spells out others", () => {
    expect(highlightColorName('#FDFFB4')).toBe('yellow')
    expect(highlightColorName('#3cbefc')).toBe('bright blue')
    expect(highlightColorName('#123456')).toBe('#123456')
  })
})
