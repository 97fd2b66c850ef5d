import { describe, expect, it } from 'vitest'
import { matchParts, matchingLines, shownRuns } from './transcript-search'

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

describe('shownRuns', () => {
  const texts = ['a', '', 'b', 'c', 'd', 'e'].map((text) => ({ text }))

  it('keeps a whole selection as one run when every line is shown', () => {
    expect(shownRuns(texts, [0, 2, 3, 4, 5], 0, 4)).toEqual([{ first: 0, last: 4 }])
  })

  it('splits at hidden lines, so a search never highlights what it hid', () => {
    expect(shownRuns(texts, [0, 3, 5], 0, 5)).toEqual([
      { first: 0, last: 0 },
      { first: 3, last: 3 },
      { first: 5, last: 5 },
    ])
    expect(shownRuns(texts, [0, 2], 0, 2)).toEqual([{ first: 0, last: 2 }])
    expect(shownRuns(texts, [3, 4], 0, 5)).toEqual([{ first: 3, last: 4 }])
  })
})
