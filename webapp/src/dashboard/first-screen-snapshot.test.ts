import { createBookmark, createMark } from '@inkmark/shared'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_DASHBOARD_SEARCH, parseDashboardSearch } from '../lib/dashboard-search'
import {
  FIRST_SCREEN_STORAGE_KEY,
  MAX_FIRST_SCREEN_ITEMS,
  MAX_FIRST_SCREEN_TEXT,
  MAX_FIRST_SCREEN_VIEWS,
  firstScreenKey,
  readFirstScreen,
  toSnapshotBookmark,
  toSnapshotMark,
  writeFirstScreen,
  type FirstScreen,
} from './first-screen-snapshot'

/** localStorage as the browser has it, for Node (a Map; `setItem` can be made to refuse). */
class MemoryStorage {
  readonly items = new Map<string, string>()
  full = false
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    if (this.full) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    this.items.set(key, value)
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
}

let storage: MemoryStorage
beforeEach(() => {
  storage = new MemoryStorage()
  vi.stubGlobal('localStorage', storage)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const page = createBookmark(
  {
    _id: 'page-1',
    url: 'https://example.org/a',
    title: 'A page',
    tags: ['research'],
    isStarred: true,
    description: 'The excerpt the card shows.',
    language: 'en',
    image: 'https://example.org/cover.png',
  },
  1_700_000_000_000,
)

function screenOf(key: string, items = [toSnapshotBookmark(page)]): FirstScreen {
  return { key, type: 'bookmarks', total: 120, hasMore: true, libraryIsEmpty: false, items }
}

describe('the first-screen snapshot', () => {
  it('keys a view by its URL parameters, whatever order they were set in', () => {
    const a = parseDashboardSearch({ sortBy: 'createdAt', groupBy: 'website' })
    const b = parseDashboardSearch({ groupBy: 'website', sortBy: 'createdAt' })
    expect(firstScreenKey(a)).toBe(firstScreenKey(b))
    expect(firstScreenKey(a)).not.toBe(firstScreenKey(DEFAULT_DASHBOARD_SEARCH))
    expect(firstScreenKey(DEFAULT_DASHBOARD_SEARCH)).toBe('{}')
  })

  it('gives back what the view showed, with only the fields its cards read (not the language)', () => {
    const key = firstScreenKey(DEFAULT_DASHBOARD_SEARCH)
    writeFirstScreen(screenOf(key, [toSnapshotBookmark({ ...page, marksCount: 3, notesCount: 1 })]))
    const read = readFirstScreen(key)
    expect(read?.total).toBe(120)
    expect(read?.items).toEqual([
      {
        _id: 'page-1',
        url: 'https://example.org/a',
        title: 'A page',
        description: 'The excerpt the card shows.',
        image: 'https://example.org/cover.png',
        isStarred: true,
        tags: ['research'],
        marksCount: 3,
        notesCount: 1,
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
        modifiedAt: page.modifiedAt,
      },
    ])
    expect(
      readFirstScreen(firstScreenKey({ ...DEFAULT_DASHBOARD_SEARCH, page: 2 })),
    ).toBeUndefined()
  })

  it('keeps the last views only, the most recent first', () => {
    for (let page = 1; page <= MAX_FIRST_SCREEN_VIEWS + 1; page += 1) {
      writeFirstScreen(screenOf(firstScreenKey({ ...DEFAULT_DASHBOARD_SEARCH, page })))
    }
    expect(
      readFirstScreen(firstScreenKey({ ...DEFAULT_DASHBOARD_SEARCH, page: 1 })),
    ).toBeUndefined()
    expect(readFirstScreen(firstScreenKey({ ...DEFAULT_DASHBOARD_SEARCH, page: 2 }))).toBeDefined()
    // Writing a view again moves it to the front rather than keeping it twice.
    writeFirstScreen(screenOf(firstScreenKey({ ...DEFAULT_DASHBOARD_SEARCH, page: 2 })))
    const stored = JSON.parse(storage.getItem(FIRST_SCREEN_STORAGE_KEY)!) as { views: unknown[] }
    expect(stored.views).toHaveLength(MAX_FIRST_SCREEN_VIEWS)
  })

  it('keeps nothing of a view longer than four pages', () => {
    const key = firstScreenKey({ ...DEFAULT_DASHBOARD_SEARCH, page: 5 })
    const items = Array.from({ length: MAX_FIRST_SCREEN_ITEMS + 1 }, (_, index) =>
      toSnapshotBookmark({ ...page, _id: `page-${index}` }),
    )
    writeFirstScreen(screenOf(key, items))
    expect(readFirstScreen(key)).toBeUndefined()
  })

  it('drops a damaged or foreign snapshot instead of showing it', () => {
    const key = firstScreenKey(DEFAULT_DASHBOARD_SEARCH)
    for (const damaged of [
      '{not json',
      JSON.stringify({ version: 2, views: [] }),
      JSON.stringify({ version: 1, views: [{ ...screenOf(key), items: [{ _id: 1 }] }] }),
    ]) {
      storage.setItem(FIRST_SCREEN_STORAGE_KEY, damaged)
      expect(readFirstScreen(key)).toBeUndefined()
      expect(storage.getItem(FIRST_SCREEN_STORAGE_KEY)).toBeNull()
    }
  })

  it('goes on without a copy when storage is full or blocked', () => {
    storage.full = true
    const key = firstScreenKey(DEFAULT_DASHBOARD_SEARCH)
    expect(() => writeFirstScreen(screenOf(key))).not.toThrow()
    vi.stubGlobal('localStorage', undefined)
    expect(readFirstScreen(key)).toBeUndefined()
  })

  it('keeps the note a card shows, also one kept only as rich text', () => {
    const rich = createMark(
      {
        _id: 'mark-rich',
        _bookmark: page._id,
        url: page.url,
        text: 'Quoted',
        richText: [{ insert: 'Imported ' }, { insert: 'words', attributes: { bold: true } }],
      },
      page.createdAt,
    )
    expect(toSnapshotMark(rich).notes).toBe('Imported words')
    expect(toSnapshotMark({ ...rich, richText: undefined }).notes).toBeUndefined()
  })

  it('cuts long text and keeps only the header of an inline image', () => {
    const long = 'x'.repeat(MAX_FIRST_SCREEN_TEXT + 500)
    const image = createMark(
      {
        _id: 'mark-image',
        _bookmark: page._id,
        url: page.url,
        mediaType: 'image',
        imageSrc: `data:image/png;base64,${'A'.repeat(100_000)}`,
        imageAlt: 'A chart',
        notes: long,
      },
      page.createdAt,
    )
    const kept = toSnapshotMark(image)
    expect(kept.imageSrc).toBe('data:image/png;base64,')
    expect(kept.notes).toHaveLength(MAX_FIRST_SCREEN_TEXT)
    expect(kept).not.toHaveProperty('richText')
    const key = firstScreenKey({ ...DEFAULT_DASHBOARD_SEARCH, type: 'marks' })
    writeFirstScreen({
      key,
      type: 'marks',
      total: 1,
      hasMore: false,
      libraryIsEmpty: false,
      items: [kept],
    })
    expect(readFirstScreen(key)?.items[0]).toEqual(kept)
  })
})

describe('the snapshot of a page cover', () => {
  it('keeps a cover address but not an inline picture', () => {
    const inline = createBookmark(
      { _id: 'page-2', url: 'https://example.org/b', image: 'data:image/png;base64,iVBOR' },
      1_700_000_000_000,
    )
    expect(toSnapshotBookmark(inline).image).toBeUndefined()
  })
})
