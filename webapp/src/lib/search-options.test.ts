import type { SearchField, SearchHit } from '@inkmark/shared'
import { createBookmarkFixture, createMarkFixture } from '@inkmark/shared/testing'
import { describe, expect, it } from 'vitest'
import { hitsToSearchOptions, moveActiveIndex, toSearchOptions } from './search-options'

describe('toSearchOptions', () => {
  it('orders Pages, Highlights, Notes, Tags and caps each group', () => {
    const bookmark = createBookmarkFixture()
    const marks = [createMarkFixture(), createMarkFixture(), createMarkFixture()]
    const options = toSearchOptions(
      { bookmarks: [bookmark], marks, notes: [marks[0]!], tags: [{ name: 'research', count: 2 }] },
      2,
    )
    expect(options.map((option) => option.kind)).toEqual([
      'bookmark',
      'mark',
      'mark',
      'note',
      'tag',
    ])
    expect(new Set(options.map((option) => option.id)).size).toBe(options.length)
  })
})

describe('moveActiveIndex', () => {
  it('moves and wraps', () => {
    expect(moveActiveIndex(-1, 1, 3)).toBe(0)
    expect(moveActiveIndex(-1, -1, 3)).toBe(2)
    expect(moveActiveIndex(2, 1, 3)).toBe(0)
    expect(moveActiveIndex(0, -1, 3)).toBe(2)
    expect(moveActiveIndex(0, 1, 0)).toBe(-1)
  })
})

describe('hitsToSearchOptions', () => {
  it('groups ranked hits: pages, highlights, notes (a mark found in both is in both), tags', () => {
    const bookmark = createBookmarkFixture()
    const [inText, inNote, inBoth] = [createMarkFixture(), createMarkFixture(), createMarkFixture()]
    const marks = new Map([inText, inNote, inBoth].map((mark) => [mark._id, mark]))
    const hit = (id: string, kind: 'bookmark' | 'mark', fields: SearchField[]): SearchHit => ({
      id,
      kind,
      bookmarkId: bookmark._id,
      score: 1,
      terms: ['tea'],
      fields,
    })
    const options = hitsToSearchOptions(
      [
        hit(inBoth._id, 'mark', ['text', 'notes']),
        hit(inNote._id, 'mark', ['notes']),
        hit(bookmark._id, 'bookmark', ['title']),
        hit(inText._id, 'mark', ['tags']),
        hit('gone', 'mark', ['text']),
      ],
      {
        bookmark: (id) => (id === bookmark._id ? bookmark : undefined),
        mark: (id) => marks.get(id),
      },
      [
        { name: 'Tea time', count: 2 },
        { name: 'coffee', count: 1 },
      ],
      'Téa',
    )
    expect(options.map((option) => option.id)).toEqual([
      `bookmark:${bookmark._id}`,
      `mark:${inBoth._id}`,
      `mark:${inText._id}`,
      `note:${inBoth._id}`,
      `note:${inNote._id}`,
      'tag:Tea time',
    ])
    expect(options[0]?.terms).toEqual(['tea'])
    expect(options.at(-1)?.terms).toEqual(['tea'])
  })
})
