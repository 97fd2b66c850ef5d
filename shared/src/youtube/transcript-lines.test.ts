import { describe, expect, it } from 'vitest'
import { activeLineIndex, formatTimestamp, spokenTimestamp } from './transcript-lines'

describe('formatTimestamp', () => {
  it.each([
    [0, '0:00'],
    [0.56, '0:00'],
    [3.52, '0:03'],
    [65, '1:05'],
    [725.9, '12:05'],
    [3723, '1:02:03'],
    [-4, '0:00'],
    [Number.NaN, '0:00'],
  ])('%s s is %s', (seconds, shown) => {
    expect(formatTimestamp(seconds)).toBe(shown)
  })
})

describe('spokenTimestamp', () => {
  it('reads the parts aloud', () => {
    expect(spokenTimestamp(0.4)).toBe('0 seconds')
    expect(spokenTimestamp(1)).toBe('1 second')
    expect(spokenTimestamp(65)).toBe('1 minute 5 seconds')
    expect(spokenTimestamp(3600)).toBe('1 hour')
  })
})

describe('activeLineIndex', () => {
  const lines = [{ offset: 0.56 }, { offset: 3.52 }, { offset: 6.359 }, { offset: 10.28 }]

  it('is the last line that has started, -1 before the first', () => {
    expect(activeLineIndex(lines, 0)).toBe(-1)
    expect(activeLineIndex(lines, 0.56)).toBe(0)
    expect(activeLineIndex(lines, 5)).toBe(1)
    expect(activeLineIndex(lines, 6.359)).toBe(2)
    expect(activeLineIndex(lines, 1_000)).toBe(3)
    expect(activeLineIndex([], 3)).toBe(-1)
  })
})
