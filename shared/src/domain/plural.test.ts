import { describe, expect, it } from 'vitest'
import { countLabel, plural, pluralOf } from './plural'

describe('plural', () => {
  it('uses the singular for exactly one and the plural for every other count', () => {
    expect(plural(1, 'page')).toBe('page')
    expect(plural(-1, 'page')).toBe('page')
    expect(plural(0, 'page')).toBe('pages')
    expect(plural(2, 'highlight')).toBe('highlights')
    expect(plural(1.5, 'page')).toBe('pages')
  })

  it('forms regular plurals and takes irregular ones', () => {
    expect(pluralOf('entry')).toBe('entries')
    expect(pluralOf('day')).toBe('days')
    expect(pluralOf('match')).toBe('matches')
    expect(pluralOf('box')).toBe('boxes')
    expect(pluralOf('note')).toBe('notes')
    expect(plural(2, 'person', 'people')).toBe('people')
    expect(plural(1, 'person', 'people')).toBe('person')
  })
})

describe('countLabel', () => {
  it('writes the count and the right noun', () => {
    expect(countLabel(1, 'page')).toBe('1 page')
    expect(countLabel(0, 'page')).toBe('0 pages')
    expect(countLabel(3, 'highlight')).toBe('3 highlights')
    expect(countLabel(1, 'row')).toBe('1 row')
  })

  it('groups thousands', () => {
    expect(countLabel(1521, 'page')).toBe('1,521 pages')
    expect(countLabel(100000, 'highlight')).toBe('100,000 highlights')
  })
})
