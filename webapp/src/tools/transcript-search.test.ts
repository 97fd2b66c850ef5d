import { describe, expect, it } from 'vitest'
import { matchParts, matchingLines } from './transcript-search'

const lines = [
  { text: 'Azure Café news' },
  { text: '  ' },
  { text: 'more CAFE talk' },
  { text: 'x' },
]

describe('searching a transcript', () => {
  it('finds lines ignoring case and accents, never empty ones', () => {
    expect(matchingLines(lines, '')).toEqual([0, 2, 3])
    expect(matchingLines(lines, 'cafe')).toEqual([0, 2])
    expect(matchingLines(lines, ' Café ')).toEqual([0, 2])
    expect(matchingLines(lines, 'nothing')).toEqual([])
  })

  it('cuts a line into plain and matching parts', () => {
    expect(matchParts('Azure Café news, café', 'cafe')).toEqual([
      { text: 'Azure ', match: false },
      { text: 'Café', match: true },
      { text: ' news, ', match: false },
      { text: 'café', match: true },
    ])
    expect(matchParts('plain', '')).toEqual([{ text: 'plain', match: false }])
    // Written with a separate accent mark: marked whole.
    expect(matchParts('Cafe\u0301 talk', 'cafe')).toEqual([
      { text: 'Cafe\u0301 talk', match: true },
    ])
  })
})
