// Imported items keep the dates their file gives (ADR 038), and every item left out or given the
// import time is listed with its row and why: on hand-written files and on the real exports.
import { describe, expect, it } from 'vitest'
import { entityNeedsSync } from '../domain/sync-state'
import { importBrowserBookmarks } from './browser-bookmarks'
import { readTransferFixture } from './fixture-files'
import type { ImportOptions } from './import-result'
import { importKindleClippings } from './kindle-clippings'
import { importPocketCsv } from './pocket-csv'
import { importPocketHtml } from './pocket-html'
import { importPocketJson } from './pocket-json'

const NOW = Date.UTC(2026, 10, 26, 12)

function options(overrides: Partial<ImportOptions> = {}): ImportOptions {
  let next = 0
  return { now: NOW, createId: () => `id-${++next}`, ...overrides }
}

describe('dates of imported pages', () => {
  it('keeps Pocket time_added as created and updated, the import time as modified', async () => {
    const csv = [
      'title,url,time_added,tags,status',
      'Old,https://old.example,1400000000,,unread',
      'Newer,https://newer.example,1700000000,,archive',
    ].join('\n')
    const { bookmarks } = await importPocketCsv(csv, options())
    expect(bookmarks.map((b) => [b.title, b.createdAt, b.updatedAt, b.modifiedAt])).toEqual([
      ['Old', 1_400_000_000_000, 1_400_000_000_000, NOW],
      ['Newer', 1_700_000_000_000, 1_700_000_000_000, NOW],
    ])
    // Never synced, so sync sends them whatever their dates.
    expect(bookmarks.every((bookmark) => entityNeedsSync(bookmark))).toBe(true)
  })

  it('gives the import time, with a notice, to an unreadable or future date', async () => {
    const csv = [
      'title,url,time_added,tags,status',
      'Garbled,https://garbled.example,yesterday-ish,,unread',
      'Future,https://future.example,4000000000,,unread',
      'None,https://none.example,,,unread',
    ].join('\n')
    const result = await importPocketCsv(csv, options())
    expect(result.bookmarks.map((b) => [b.createdAt, b.updatedAt])).toEqual([
      [NOW, NOW],
      [NOW, NOW],
      [NOW, NOW],
    ])
    expect(result.dateNotices).toEqual([
      {
        reason: 'unreadable-date',
        value: 'yesterday-ish',
        line: 2,
        url: 'https://garbled.example',
        title: 'Garbled',
      },
      {
        reason: 'future-date',
        value: '4000000000',
        line: 3,
        url: 'https://future.example',
        title: 'Future',
      },
    ])
  })

  it('reads ADD_DATE as created and LAST_MODIFIED as updated in a bookmark file', async () => {
    const html = [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<DL><p>',
      '<DT><A HREF="https://a.example/" ADD_DATE="1500000000" LAST_MODIFIED="1600000000">A</A>',
      '<DT><A HREF="https://b.example/" ADD_DATE="1500000000">B</A>',
      '<DT><A HREF="https://c.example/" ADD_DATE="1500000000" LAST_MODIFIED="1400000000">C</A>',
      '</DL><p>',
    ].join('\n')
    const { bookmarks } = await importBrowserBookmarks(html, options())
    expect(bookmarks.map((b) => [b.createdAt, b.updatedAt, b.modifiedAt])).toEqual([
      [1_500_000_000_000, 1_600_000_000_000, NOW],
      [1_500_000_000_000, 1_500_000_000_000, NOW],
      // A last change before the creation is not believed.
      [1_500_000_000_000, 1_500_000_000_000, NOW],
    ])
  })

  it('dates a Kindle book by its clippings: created with the first, updated with the last', async () => {
    const text = readTransferFixture('kindle/samueldg_clippings.txt')
    const result = await importKindleClippings(text, options())
    for (const book of result.bookmarks) {
      const marks = result.marks.filter((mark) => mark._bookmark === book._id)
      expect(marks.length).toBeGreaterThan(0)
      expect(book.createdAt).toBe(Math.min(...marks.map((mark) => mark.createdAt)))
      expect(book.updatedAt).toBe(Math.max(...marks.map((mark) => mark.updatedAt ?? 0)))
      expect(book.createdAt).toBeLessThan(NOW)
    }
    const marks = result.marks.map((mark) => mark.createdAt)
    expect(marks).toContain(Date.UTC(2016, 2, 21, 8, 35, 16))
    expect(result.dateNotices).toEqual([])
  })

  it('dates every book of a real 2009 Kindle file, one with reading positions only too', async () => {
    const text = readTransferFixture('kindle/georgboe_My_Clippings.txt')
    const result = await importKindleClippings(text, options())
    expect(result.bookmarks).toHaveLength(10)
    expect(result.bookmarks.filter((book) => book.createdAt === NOW)).toEqual([])
    expect(result.dateNotices).toEqual([])
  }, 30_000)

  it('keeps every page of the real exports off today, and in the order the file saved them', async () => {
    const pocket = await importPocketCsv(
      readTransferFixture('pocket/edh_part_000000.csv'),
      options(),
    )
    expect(pocket.bookmarks).toHaveLength(1528)
    expect(pocket.dateNotices).toEqual([])
    const today = NOW - 24 * 60 * 60 * 1000
    expect(pocket.bookmarks.filter((b) => (b.updatedAt ?? NOW) > today)).toEqual([])
    const days = new Set(
      pocket.bookmarks.map((b) => new Date(b.createdAt).toISOString().slice(0, 10)),
    )
    expect(days.size).toBeGreaterThan(100)

    const json = await importPocketJson(
      readTransferFixture('pocket/lumpy_annotations_part_000000.json'),
      options(),
    )
    expect(json.bookmarks.filter((b) => b.createdAt === NOW)).toEqual([])
    expect(json.marks.filter((m) => m.createdAt === NOW)).toEqual([])

    const html = await importPocketHtml(
      readTransferFixture('pocket/pickpocket_ril_export.html'),
      options(),
    )
    expect(html.bookmarks.filter((b) => b.createdAt === NOW)).toEqual([])

    for (const file of [
      'netscape-bookmarks/shaarli_firefox_nested.htm',
      'netscape-bookmarks/bookmarksparser_chrome_bookmarks.html',
    ]) {
      const result = await importBrowserBookmarks(readTransferFixture(file), options())
      expect(result.bookmarks.filter((b) => b.createdAt === NOW)).toEqual([])
    }
  }, 30_000)
})

describe('skipped items', () => {
  it('names each row, its URL or title and, for a duplicate, the row it repeats', async () => {
    const csv = [
      'title,url,time_added,tags,status',
      'First,https://a.example/,1500000000,,unread',
      'Again,https://a.example/#top,1500000001,,unread',
      'No link,,1500000002,,unread',
      'Script,javascript:void(0),1500000003,,unread',
      'Words,not a link at all,1500000004,,unread',
    ].join('\n')
    const result = await importPocketCsv(csv, options())
    expect(result.skipped).toEqual([
      {
        reason: 'duplicate-bookmark',
        line: 3,
        url: 'https://a.example/#top',
        title: 'Again',
        firstLine: 2,
      },
      { reason: 'missing-url', line: 4, title: 'No link' },
      { reason: 'javascript-url', line: 5, url: 'javascript:void(0)', title: 'Script' },
      { reason: 'invalid-url', line: 6, url: 'not a link at all', title: 'Words' },
    ])
  })

  it('lists the 7 pages the real 1,535-row Pocket export saved twice, with their first rows', async () => {
    const result = await importPocketCsv(
      readTransferFixture('pocket/edh_part_000000.csv'),
      options(),
    )
    // 7 more rows differ from an earlier one only by a parameter that names another page
    // (`storyId=`, `t=`, `x=`, `ID=`): those are pages of their own (ADR 069).
    expect(result.skipped).toHaveLength(7)
    for (const item of result.skipped) {
      expect(item.reason).toBe('duplicate-bookmark')
      expect(item.line).toBeGreaterThan(item.firstLine ?? Infinity)
      expect(item.url).toMatch(/^https?:/)
    }
  }, 30_000)
})

describe('Kindle clipping dates in every locale', () => {
  it('reads the same moment from the 11 locales of one device', async () => {
    const text = readTransferFixture('kindle/yakimka_my_clippings_languages_examples.txt')
    const result = await importKindleClippings(text, options())
    expect(result.dateNotices).toEqual([])
    expect(new Set(result.marks.map((mark) => mark.createdAt))).toEqual(
      new Set([Date.UTC(2024, 7, 22, 18, 10, 53)]),
    )
  }, 30_000)

  it('reads Chinese afternoon times', async () => {
    const text = readTransferFixture('kindle/hadynz_missing-note-scenario_zh.txt')
    const result = await importKindleClippings(text, options())
    expect(result.dateNotices).toEqual([])
    expect(result.marks[0]?.createdAt).toBe(Date.UTC(2023, 1, 9, 18, 35, 21))
  })
})
