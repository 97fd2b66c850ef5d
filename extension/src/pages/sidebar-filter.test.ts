import { createMark } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { colorsOf, filterMarks, isFiltering, NO_FILTER } from './sidebar-filter'

const NOW = Date.UTC(2026, 0, 5)
const mark = (id: string, fields: Partial<Parameters<typeof createMark>[0]>) =>
  createMark({ _id: id, _bookmark: 'b', url: 'https://a.example/', ...fields }, NOW)

const marks = [
  mark('m1', { text: 'Café culture in Vienna', color: '#FDFFB4', tags: ['travel'] }),
  mark('m2', { text: 'Spaced repetition works', color: '#a4f4b4', notes: 'Try Anki decks' }),
  mark('m3', { text: 'Another quote', color: '#fdffb4', tags: ['learning', 'memory'] }),
]
const ids = (kept: { _id: string }[]) => kept.map((each) => each._id)

describe('the sidebar filter', () => {
  it('keeps everything without a filter', () => {
    expect(ids(filterMarks(marks, NO_FILTER))).toEqual(['m1', 'm2', 'm3'])
    expect(isFiltering(NO_FILTER)).toBe(false)
    expect(isFiltering({ text: '  ', color: '' })).toBe(false)
  })

  it('matches every word in the text, the note or the tags, ignoring case and accents', () => {
    expect(ids(filterMarks(marks, { text: 'cafe', color: '' }))).toEqual(['m1'])
    expect(ids(filterMarks(marks, { text: 'ANKI', color: '' }))).toEqual(['m2'])
    expect(ids(filterMarks(marks, { text: 'memory quote', color: '' }))).toEqual(['m3'])
    expect(ids(filterMarks(marks, { text: 'memory vienna', color: '' }))).toEqual([])
  })

  it('keeps one colour, whatever its case', () => {
    expect(ids(filterMarks(marks, { text: '', color: '#fdffb4' }))).toEqual(['m1', 'm3'])
    expect(ids(filterMarks(marks, { text: 'quote', color: '#FDFFB4' }))).toEqual(['m3'])
  })

  it('offers each colour once, in order', () => {
    expect(colorsOf(marks)).toEqual(['#fdffb4', '#a4f4b4'])
  })

  it('takes the last word as a prefix, as the library search does, and keeps the page order', () => {
    expect(ids(filterMarks(marks, { text: 'rep', color: '' }))).toEqual(['m2'])
    expect(ids(filterMarks(marks, { text: 'quote', color: '' }))).toEqual(['m3'])
  })
})
