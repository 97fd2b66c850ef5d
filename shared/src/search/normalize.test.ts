import { describe, expect, it } from 'vitest'
import { foldForSearch, indexTerms, queryTerms, wordSpans } from './normalize'

describe('search normalisation', () => {
  it('folds case and accents', () => {
    expect(foldForSearch('Crème BRÛLÉE Ångström')).toBe('creme brulee angstrom')
  })

  it('indexes a word with an apostrophe joined and by its first part, without stop words', () => {
    expect(indexTerms("The couple’s verdict, don't")).toEqual([
      'couples',
      'couple',
      'verdict',
      'dont',
      'don',
    ])
  })

  it('reads a query as words, apostrophes joined', () => {
    expect(queryTerms("  Couple's   VERDICT! ")).toEqual(['couples', 'verdict'])
    expect(queryTerms(' -- ')).toEqual([])
  })

  it('skips stop words but the last one when it can start a longer word', () => {
    expect(queryTerms('the theory of')).toEqual(['theory'])
    expect(queryTerms('theory of the')).toEqual(['theory', 'the'])
  })

  it('keeps the positions of words', () => {
    expect(wordSpans('a bé')).toEqual([
      { start: 0, end: 1, forms: ['a'] },
      { start: 2, end: 4, forms: ['be'] },
    ])
  })
})
