import { describe, expect, it } from 'vitest'
import { parseExploreSearch } from './explore-search'

describe('parseExploreSearch', () => {
  it('keeps a tag, trimmed, and drops blank, long or non-string ones', () => {
    expect(parseExploreSearch({ tag: ' news ' })).toEqual({ tag: 'news' })
    expect(parseExploreSearch({ tag: '' })).toEqual({})
    expect(parseExploreSearch({ tag: 5 })).toEqual({})
    expect(parseExploreSearch({ tag: 'x'.repeat(201) })).toEqual({})
    expect(parseExploreSearch({})).toEqual({})
  })
})
