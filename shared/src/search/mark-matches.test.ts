import { describe, expect, it } from 'vitest'
import { markMatches } from './mark-matches'

describe('markMatches', () => {
  it('marks whole words whose forms start with a term, keeping the text as it was', () => {
    expect(markMatches("The couple's verdict.", ['couple', 'verd'])).toEqual([
      { text: 'The ', match: false },
      { text: "couple's", match: true },
      { text: ' ', match: false },
      { text: 'verdict', match: true },
      { text: '.', match: false },
    ])
  })

  it('matches without case or accents', () => {
    expect(markMatches('Un Café noir', ['cafe'])).toEqual([
      { text: 'Un ', match: false },
      { text: 'Café', match: true },
      { text: ' noir', match: false },
    ])
  })

  it('gives the whole text unmatched without terms, and nothing for no text', () => {
    expect(markMatches('plain', [])).toEqual([{ text: 'plain', match: false }])
    expect(markMatches('', ['x'])).toEqual([])
  })

  it('joins into the original text', () => {
    const text = '<b>not html</b> — tea & tea'
    const segments = markMatches(text, ['tea'])
    expect(segments.map((segment) => segment.text).join('')).toBe(text)
    expect(segments.filter((segment) => segment.match)).toHaveLength(2)
  })
})
