import { describe, expect, it } from 'vitest'
import { searchMarks } from './search-marks'

const marks = [
  { _id: 'a', _bookmark: 'p', text: 'Green tea', color: 'green' },
  { _id: 'b', _bookmark: 'p', text: 'Black coffee', notes: 'tea is better' },
  { _id: 'c', _bookmark: 'p', text: 'Water' },
]

describe('searchMarks', () => {
  it('returns the matching marks best first, with their terms', () => {
    const hits = searchMarks(marks, 'tea')
    expect(hits.map((hit) => hit.mark._id)).toEqual(['a', 'b'])
    expect(hits[0]?.mark.color).toBe('green')
    expect(hits[0]?.terms).toEqual(['tea'])
  })

  it('returns every mark in order for a query with no words', () => {
    expect(searchMarks(marks, ' ').map((hit) => hit.mark._id)).toEqual(['a', 'b', 'c'])
  })
})
