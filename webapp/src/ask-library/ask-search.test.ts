import { describe, expect, it } from 'vitest'
import { parseAskSearch } from './ask-search'

describe('parseAskSearch', () => {
  it('keeps a question, trimmed', () => {
    expect(parseAskSearch({ q: '  spaced repetition ' })).toEqual({ q: 'spaced repetition' })
  })

  it('drops a blank, too long or non-text question', () => {
    expect(parseAskSearch({ q: '  ' })).toEqual({})
    expect(parseAskSearch({ q: 'x'.repeat(2_001) })).toEqual({})
    expect(parseAskSearch({ q: ['a'] })).toEqual({})
    expect(parseAskSearch({})).toEqual({})
  })
})
