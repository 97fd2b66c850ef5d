import { createBookmarkFixture, createMarkFixture } from '@inkmark/shared/testing'
import { describe, expect, it } from 'vitest'
import { moveActiveIndex, toSearchOptions } from './search-options'

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
