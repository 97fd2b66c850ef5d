// The benchmark's Pocket CSV is a file the real importer reads whole: every row a new page, tags
// split, the same file for the same seed.
import { existingLibraryOf, importPocketCsv } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { pocketCsv } from './webapp-csv'

describe('pocketCsv', () => {
  it('gives rows the Pocket CSV importer takes, one page each', async () => {
    const text = pocketCsv(300, 7)
    let id = 0
    const result = await importPocketCsv(text, {
      now: Date.UTC(2026, 0, 1),
      createId: () => `id-${(id += 1)}`,
      existing: existingLibraryOf([], []),
    })
    expect(result.bookmarks).toHaveLength(300)
    expect(result.skipped).toEqual([])
    expect(result.errors).toEqual([])
    expect(new Set(result.bookmarks.map((bookmark) => bookmark.url)).size).toBe(300)
    expect(result.bookmarks.some((bookmark) => bookmark.tags.length > 1)).toBe(true)
    expect(result.bookmarks[0]?.title).toBe(text.split('\n')[1]?.split('"')[1])
  })

  it('is the same file for the same seed', () => {
    expect(pocketCsv(50, 3)).toBe(pocketCsv(50, 3))
    expect(pocketCsv(50, 3)).not.toBe(pocketCsv(50, 4))
  })
})
