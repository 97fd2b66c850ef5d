// The import of books read off the Kindle notebook page (ADR 083).
import { describe, expect, it } from 'vitest'
import { BookmarkType } from '../domain/entities/bookmark'
import { existingLibraryOf } from './import-result'
import { kindleBookUrl } from './kindle-books'
import {
  KindleNotebookMessageSchema,
  importKindleNotebookBook,
  kindleNotebookBookUrl,
} from './kindle-notebook-page'
import { isKindleNotebookUrl } from './kindle-notebook-page-protocol'

const NOW = Date.UTC(2026, 10, 1)
let next = 0
const createId = () => `id-${++next}`

const book = KindleNotebookMessageSchema.parse({
  channel: 'inkmark:kindle-notebook',
  book: {
    asin: 'B0TESTBK01',
    title: ' The Quiet Lighthouse ',
    author: 'Ada Marlowe',
    coverImageUrl: 'https://m.media-amazon.com/images/I/cover.jpg',
    annotations: [
      { text: 'The lamp turned all night.', note: 'Duty.', color: 'yellow', location: 112 },
      { text: 'Salt gets into everything.', color: 'blue', location: 480, page: '17' },
      { note: 'A note on its own.', location: 500 },
      { text: 'Pink words.', color: 'pink' },
      { text: 'Orange words.', color: 'orange' },
    ],
  },
}).book

describe('importKindleNotebookBook', () => {
  it('makes a Kindle bookmark and kindle marks with palette colours, notes, locations and pages', () => {
    const url = kindleNotebookBookUrl(book, [])
    expect(url).toBe(kindleBookUrl({ title: 'The Quiet Lighthouse', author: 'Ada Marlowe' }))
    const { result, summary } = importKindleNotebookBook(book, url, {
      now: NOW,
      createId,
      existing: existingLibraryOf([], []),
    })
    expect(summary).toEqual({ bookCreated: true, highlightsAdded: 5, highlightsSkipped: 0 })
    expect(result.bookmarks).toHaveLength(1)
    expect(result.bookmarks[0]).toMatchObject({
      url,
      type: BookmarkType.KINDLE,
      title: 'The Quiet Lighthouse',
      coverTitle: 'The Quiet Lighthouse',
      author: 'Ada Marlowe',
      asin: 'B0TESTBK01',
      coverImageUrl: 'https://m.media-amazon.com/images/I/cover.jpg',
    })
    expect(
      result.marks.map(({ text, notes, color, type, kindleLocation, kindlePage }) => ({
        text,
        notes,
        color,
        type,
        kindleLocation,
        kindlePage,
      })),
    ).toEqual([
      {
        text: 'The lamp turned all night.',
        notes: 'Duty.',
        color: '#fdffb4',
        type: 'kindle',
        kindleLocation: 112,
        kindlePage: undefined,
      },
      {
        text: 'Salt gets into everything.',
        notes: undefined,
        color: '#c3effc',
        type: 'kindle',
        kindleLocation: 480,
        kindlePage: '17',
      },
      {
        text: undefined,
        notes: 'A note on its own.',
        color: '#fdffb4',
        type: 'kindle',
        kindleLocation: 500,
        kindlePage: undefined,
      },
      {
        text: 'Pink words.',
        notes: undefined,
        color: '#f7c2d6',
        type: 'kindle',
        kindleLocation: undefined,
        kindlePage: undefined,
      },
      {
        text: 'Orange words.',
        notes: undefined,
        color: '#ffad2a',
        type: 'kindle',
        kindleLocation: undefined,
        kindlePage: undefined,
      },
    ])
    expect(new Set(result.marks.map((mark) => mark._bookmark))).toEqual(
      new Set([result.bookmarks[0]!._id]),
    )
  })

  it('adds nothing the second time, and files a book under the page its ASIN already has', () => {
    const first = importKindleNotebookBook(book, kindleNotebookBookUrl(book, []), {
      now: NOW,
      createId,
      existing: existingLibraryOf([], []),
    }).result
    // The title changed on Amazon's side since: the ASIN still finds the book's page.
    const renamed = { ...book, title: 'The Quiet Lighthouse: A Novel' }
    const url = kindleNotebookBookUrl(renamed, first.bookmarks)
    expect(url).toBe(first.bookmarks[0]!.url)
    const again = importKindleNotebookBook(renamed, url, {
      now: NOW,
      createId,
      existing: existingLibraryOf(first.bookmarks, first.marks),
    })
    expect(again.summary).toEqual({ bookCreated: false, highlightsAdded: 0, highlightsSkipped: 5 })
    expect(again.result.bookmarks).toEqual([])
    expect(again.result.marks).toEqual([])
  })

  it('refuses what the notebook page cannot have sent', () => {
    const message = (changes: object) =>
      KindleNotebookMessageSchema.safeParse({
        channel: 'inkmark:kindle-notebook',
        book: { asin: 'B0TESTBK01', title: 'T', annotations: [], ...changes },
      }).success
    expect(message({})).toBe(true)
    expect(message({ asin: '../../etc' })).toBe(false)
    expect(message({ title: '   ' })).toBe(false)
    expect(message({ coverImageUrl: 'javascript:alert(1)' })).toBe(false)
    expect(message({ annotations: [{ text: 'x', color: 'green' }] })).toBe(false)
  })
})

describe('isKindleNotebookUrl', () => {
  it('knows the notebook pages of the Amazon stores and nothing else', () => {
    expect(isKindleNotebookUrl('https://read.amazon.com/notebook')).toBe(true)
    expect(isKindleNotebookUrl('https://read.amazon.com/kp/notebook?asin=B0TESTBK01')).toBe(true)
    expect(isKindleNotebookUrl('https://read.amazon.co.uk/notebook')).toBe(true)
    expect(isKindleNotebookUrl('https://read.amazon.de/kp/notebook/')).toBe(true)
    expect(isKindleNotebookUrl('http://read.amazon.com/notebook')).toBe(false)
    expect(isKindleNotebookUrl('https://read.amazon.com.evil.example/notebook')).toBe(false)
    expect(isKindleNotebookUrl('https://read.amazon.com/kindle-library')).toBe(false)
    expect(isKindleNotebookUrl('not a url')).toBe(false)
  })
})
