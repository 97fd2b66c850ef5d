import { describe, expect, it } from 'vitest'
import {
  BookmarkSchema,
  BookmarkType,
  FileImportType,
  createBookmark,
  isBookmarkShared,
} from './bookmark'

const NOW = 1_700_000_000_000
const URL_ = 'https://example.com/a'

describe('createBookmark', () => {
  it('applies the spec defaults: private, normal, not starred, no tags', () => {
    expect(createBookmark({ _id: 'b1', url: URL_ }, NOW)).toEqual({
      _id: 'b1',
      _objectStore: 'bookmarks',
      url: URL_,
      tags: [],
      permission: 'PRIVATE',
      type: 'normal',
      isStarred: false,
      createdAt: NOW,
      updatedAt: NOW,
      modifiedAt: NOW,
    })
  })

  it('takes every spec field as an override and ignores undefined ones', () => {
    const bookmark = createBookmark(
      {
        _id: 'b2',
        url: URL_,
        title: 'A book',
        description: 'About books',
        image: 'https://example.com/a.png',
        tags: ['read'],
        origin: 'example.com',
        language: 'en',
        permission: 'PUBLIC_LINK',
        type: BookmarkType.KINDLE,
        isStarred: true,
        meta: { title: 'A', description: 'B', image: 'C', url: URL_, type: 'article' },
        canonicalLink: URL_,
        asin: 'B00TEST',
        coverImageUrl: 'https://example.com/cover.jpg',
        coverTitle: 'Cover',
        author: 'Ann Author',
        aiSummary: { text: '# Points', createdAt: NOW, status: 'complete' },
        likes: 3,
        openedAt: NOW,
        deletedAt: NOW,
        lastSync: NOW - 1,
        _user: 'u1',
        integrationPages: { notion: { id: 'page', url: 'https://notion.so/page', createdAt: NOW } },
        fileImportType: FileImportType.BROWSER_BOOKMARKS,
        marksCount: 2,
        notesCount: 1,
        createdAt: undefined,
      },
      NOW,
    )
    expect(bookmark.createdAt).toBe(NOW)
    expect(bookmark.aiSummary?.format).toBe('markdown')
    expect(bookmark.integrationPages?.notion?.createdAt).toBe(NOW)
    expect(bookmark.type).toBe('kindle')
    expect(isBookmarkShared(bookmark)).toBe(true)
  })
})

describe('isBookmarkShared', () => {
  it('is true for PUBLIC and PUBLIC_LINK only', () => {
    expect(isBookmarkShared({ permission: 'PUBLIC' })).toBe(true)
    expect(isBookmarkShared({ permission: 'PUBLIC_LINK' })).toBe(true)
    expect(isBookmarkShared({ permission: 'PRIVATE' })).toBe(false)
  })
})

describe('BookmarkSchema', () => {
  const valid = createBookmark({ _id: 'b1', url: URL_ }, NOW)

  it('accepts its defaults unchanged', () => {
    expect(BookmarkSchema.parse(valid)).toEqual(valid)
  })

  it('fills the defaults of a minimal stored bookmark', () => {
    const parsed = BookmarkSchema.parse({ _id: 'b1', url: URL_, createdAt: NOW })
    expect(parsed.permission).toBe('PRIVATE')
    expect(parsed.isStarred).toBe(false)
    expect(parsed.tags).toEqual([])
    expect(parsed.type).toBe('normal')
  })

  it('keeps unknown keys, top-level and nested', () => {
    const parsed = BookmarkSchema.parse({ ...valid, readingTime: 4, meta: { siteName: 'Ex' } })
    expect(parsed.readingTime).toBe(4)
    expect(parsed.meta?.siteName).toBe('Ex')
  })

  it.each([
    ['_id', ''],
    ['_id', 1],
    ['url', undefined],
    ['url', 1],
    ['tags', 'a,b'],
    ['tags', [1]],
    ['permission', 'SHARED'],
    ['type', 'pdf'],
    ['isStarred', 'true'],
    ['createdAt', '2024-01-01'],
    ['createdAt', undefined],
    ['likes', -1],
    ['fileImportType', 'evernote'],
    ['_objectStore', 'marks'],
    ['meta', 'title'],
    ['integrationPages', { notion: { id: 'p' } }],
    ['aiSummary', { text: 'x' }],
  ])('rejects %s = %j', (key, value) => {
    expect(BookmarkSchema.safeParse({ ...valid, [key]: value }).success).toBe(false)
  })
})
