// Every real export of the fixtures folder that an importer reads, imported with the counts
// established by reading the files (see each comment), and detected as its format.
import { describe, expect, it } from 'vitest'
import { BookmarkSchema } from '../domain/entities/bookmark'
import { MarkSchema } from '../domain/entities/mark'
import { readTransferFixture } from './fixture-files'
import { ImportFormat, detectImportFormat, getImportFormatInfo } from './import-formats'
import type { FileImportResult } from './import-result'
import { ImportFileError } from './import-result'

interface Expected {
  path: string
  format: ImportFormat
  bookmarks: number
  marks: number
  skipped: Record<string, number>
}

// prettier-ignore
const FIXTURES: Expected[] = [
  // 7 rows, all distinct pages.
  { path: 'pocket/wallabag_pocket.csv', format: ImportFormat.POCKET_CSV, bookmarks: 7, marks: 0, skipped: {} },
  // 5 rows: example.net/#foo and ftp://example.net/ are example.net/ again (fragment and scheme ignored).
  { path: 'pocket/readeck_pocket_part.csv', format: ImportFormat.POCKET_CSV, bookmarks: 3, marks: 0, skipped: { 'duplicate-bookmark': 2 } },
  // 177 rows, one page saved twice.
  { path: 'pocket/vault_part_000000.csv', format: ImportFormat.POCKET_CSV, bookmarks: 176, marks: 0, skipped: { 'duplicate-bookmark': 1 } },
  // 1,535 rows, 7 pages saved twice (with `?_r=`, `?ref=`, `?smid=`... tags); 7 more rows that
  // differ only by `storyId=`, `t=`, `x=` or `ID=` are other pages (ADR 069).
  { path: 'pocket/edh_part_000000.csv', format: ImportFormat.POCKET_CSV, bookmarks: 1528, marks: 0, skipped: { 'duplicate-bookmark': 7 } },
  // 290 pages (two Mailchimp links differ by their `id=`), 487 quotes of which 7 are blank.
  { path: 'pocket/lumpy_annotations_part_000000.json', format: ImportFormat.POCKET_JSON, bookmarks: 290, marks: 480, skipped: { 'empty-highlight': 7 } },
  // 2 unread links, empty archive.
  { path: 'pocket/wallabag_ril_export.html', format: ImportFormat.POCKET_HTML, bookmarks: 2, marks: 0, skipped: {} },
  // 421 links in 'Unread' and 'Read Archive'.
  { path: 'pocket/pickpocket_ril_export.html', format: ImportFormat.POCKET_HTML, bookmarks: 421, marks: 0, skipped: {} },
  // 8,044 rows: 66 pages listed again, 2 titles in the url column (95 more rows differ from an
  // earlier one by a parameter naming another page, `?p=`, `?id=`, `?t=`...: ADR 069); 2,764
  // highlights and 355 sticky notes, of which 26 repeat one of the same page and 18 are blank
  // once the HTML is gone.
  { path: 'diigo/802697_csv_2024_05_08_9389e.csv', format: ImportFormat.DIIGO_CSV, bookmarks: 7976, marks: 3075, skipped: { 'duplicate-bookmark': 66, 'invalid-url': 2, 'duplicate-highlight': 26, 'empty-highlight': 18 } },
  // 8 links in 5 folders (one empty).
  { path: 'netscape-bookmarks/bookmarksparser_chrome_bookmarks.html', format: ImportFormat.BROWSER_BOOKMARKS, bookmarks: 8, marks: 0, skipped: {} },
  { path: 'netscape-bookmarks/bookmarksparser_firefox_bookmarks.html', format: ImportFormat.BROWSER_BOOKMARKS, bookmarks: 9, marks: 0, skipped: {} },
  // 14 links, one a place: query.
  { path: 'netscape-bookmarks/calibr_netscape_complex.html', format: ImportFormat.BROWSER_BOOKMARKS, bookmarks: 13, marks: 0, skipped: { 'unsupported-url': 1 } },
  { path: 'netscape-bookmarks/shaarli_chromium_nested.htm', format: ImportFormat.BROWSER_BOOKMARKS, bookmarks: 18, marks: 0, skipped: {} },
  // 24 links, three place: queries.
  { path: 'netscape-bookmarks/shaarli_firefox_nested.htm', format: ImportFormat.BROWSER_BOOKMARKS, bookmarks: 21, marks: 0, skipped: { 'unsupported-url': 3 } },
  // 105 clippings of 10 books: 101 highlights, 1 note with no highlight at its location, 3 bookmarks.
  { path: 'kindle/georgboe_My_Clippings.txt', format: ImportFormat.KINDLE_CLIPPINGS, bookmarks: 10, marks: 102, skipped: { 'kindle-bookmark': 3 } },
  // A highlight and its note.
  { path: 'kindle/hadynz_missing-note-scenario_zh.txt', format: ImportFormat.KINDLE_CLIPPINGS, bookmarks: 1, marks: 1, skipped: {} },
  // 5 clippings of 4 books; the note sits on the highlight at location 20.
  { path: 'kindle/samueldg_clippings.txt', format: ImportFormat.KINDLE_CLIPPINGS, bookmarks: 4, marks: 4, skipped: {} },
  // 11 locales x (highlight, note on it, bookmark) of one book.
  { path: 'kindle/yakimka_my_clippings_languages_examples.txt', format: ImportFormat.KINDLE_CLIPPINGS, bookmarks: 1, marks: 11, skipped: { 'kindle-bookmark': 11 } },
  // 13 headings: 11 highlights, 2 notes on them.
  { path: 'kindle/krystofl_example_notebook.html', format: ImportFormat.KINDLE_NOTEBOOK, bookmarks: 1, marks: 11, skipped: {} },
  // 13 highlights.
  { path: 'kindle/qlminspire_Forrest_Gump_notebook.html', format: ImportFormat.KINDLE_NOTEBOOK, bookmarks: 1, marks: 13, skipped: {} },
  // Hypothesis API search answer: 5 annotations with notes on one Wikipedia page.
  { path: 'hypothesis/wikipedia-regression-testing.json', format: ImportFormat.HYPOTHESIS_JSON, bookmarks: 1, marks: 5, skipped: {} },
]

/** Exports no importer reads: Readwise has no page URL per row (highlights) or another shape. */
const UNMATCHED = ['readwise/readwise-data.csv', 'readwise/readeck_readwise_reader.csv']

function countReasons(result: FileImportResult): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of result.skipped) {
    counts[item.reason] = (counts[item.reason] ?? 0) + 1
  }
  return counts
}

function options(): { now: number; createId: () => string } {
  let next = 0
  return { now: Date.UTC(2025, 0, 1), createId: () => `id-${++next}` }
}

describe('importing the fixture exports', () => {
  for (const expected of FIXTURES) {
    it(`${expected.path}: ${expected.bookmarks} bookmarks, ${expected.marks} marks`, async () => {
      const text = readTransferFixture(expected.path)
      const fileName = expected.path.split('/').at(-1) ?? ''
      expect(detectImportFormat(fileName, text)).toBe(expected.format)
      const result = await getImportFormatInfo(expected.format).importer(text, options())
      expect(result.bookmarks).toHaveLength(expected.bookmarks)
      expect(result.marks).toHaveLength(expected.marks)
      expect(countReasons(result)).toEqual(expected.skipped)
      expect(result.errors).toEqual([])
      // Valid for the store, and every mark hangs from a bookmark of the import.
      const ids = new Set(result.bookmarks.map((bookmark) => bookmark._id))
      for (const bookmark of result.bookmarks) {
        expect(BookmarkSchema.safeParse(bookmark).success).toBe(true)
      }
      for (const mark of result.marks) {
        expect(MarkSchema.safeParse(mark).success).toBe(true)
        expect(ids.has(mark._bookmark)).toBe(true)
      }
    }, 30_000)
  }

  it('imports nothing twice: a second import of a file into its own result skips everything', async () => {
    const { importPocketJson } = await import('./pocket-json')
    const { existingLibraryOf } = await import('./import-result')
    const text = readTransferFixture('pocket/lumpy_annotations_part_000000.json')
    const first = await importPocketJson(text, options())
    const again = await importPocketJson(text, {
      ...options(),
      existing: existingLibraryOf(first.bookmarks, first.marks),
    })
    expect(again.bookmarks).toEqual([])
    expect(again.marks).toEqual([])
    expect(countReasons(again)).toEqual({
      'duplicate-bookmark': 290,
      'duplicate-highlight': 480,
      'empty-highlight': 7,
    })
  })

  for (const path of UNMATCHED) {
    it(`${path} fits no importer, and the CSV importers refuse it with the spec's message`, async () => {
      const text = readTransferFixture(path)
      expect(detectImportFormat(path, text)).toBeNull()
      for (const format of [
        ImportFormat.POCKET_CSV,
        ImportFormat.DIIGO_CSV,
        ImportFormat.WEAVA_CSV,
      ]) {
        const info = getImportFormatInfo(format)
        const error: unknown = await info
          .importer(text, options())
          .catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(ImportFileError)
        expect((error as ImportFileError).message).toBe(
          `Invalid file. Try to upload a CSV file from ${info.service}`,
        )
      }
    })
  }
})
