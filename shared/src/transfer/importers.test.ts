// The importers on small hand-written files: the spec's rules, wrong and broken files, progress.
import { describe, expect, it } from 'vitest'
import { createBookmark } from '../domain/entities/bookmark'
import { Message } from '../domain/messages'
import { importBrowserBookmarks } from './browser-bookmarks'
import { importDiigoCsv, parseDiigoAnnotations } from './diigo-csv'
import { IMPORT_FORMATS, ImportFormat, detectImportFormat } from './import-formats'
import type { ImportOptions } from './import-result'
import { ImportErrorCode, ImportFileError, existingLibraryOf } from './import-result'
import { kindleLocation, splitKindleTitle } from './kindle-books'
import { importKindleClippings, kindleAddedAt } from './kindle-clippings'
import { importPocketCsv } from './pocket-csv'
import { importPocketJson } from './pocket-json'
import { importWeavaCsv } from './weava-csv'

const NOW = Date.UTC(2025, 0, 1)

function options(overrides: Partial<ImportOptions> = {}): ImportOptions {
  let next = 0
  return { now: NOW, createId: () => `id-${++next}`, ...overrides }
}

async function failure(promise: Promise<unknown>): Promise<ImportFileError> {
  const error: unknown = await promise.then(
    () => new Error('resolved'),
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ImportFileError)
  return error as ImportFileError
}

const WEAVA = [
  'Date,Website Title,URL,Color Code,Color Name,Text,Note',
  '2024-03-01 10:00:00,A page,https://a.example/post,#FFAD2A,Orange,"First, with a comma",',
  '2024-03-01 10:05:00,A page,https://www.a.example/post/,92ffaa,Green,"Second ""quoted""",My note',
  '2024-03-02 09:00:00,B page,https://b.example/,#f8fc46,Yellow,Only on B,',
  '2024-03-02 09:00:00,B page,https://b.example/,#f8fc46,Yellow,Only on B,',
  '2024-03-03 09:00:00,Evil,javascript:alert(1),#f8fc46,Yellow,Never,',
].join('\n')

describe('Weava CSV (the spec sample shape)', () => {
  it('makes one bookmark per page and a highlight per row, with colour, note and time', async () => {
    const result = await importWeavaCsv(WEAVA, options())
    expect(result.bookmarks.map((bookmark) => [bookmark.url, bookmark.title])).toEqual([
      ['https://a.example/post', 'A page'],
      ['https://b.example/', 'B page'],
    ])
    expect(result.bookmarks[0]?.fileImportType).toBe('weava')
    expect(result.marks.map((mark) => [mark.text, mark.notes, mark.color])).toEqual([
      ['First, with a comma', undefined, '#ffad2a'],
      ['Second "quoted"', 'My note', '#92ffaa'],
      ['Only on B', undefined, '#f8fc46'],
    ])
    expect(result.marks[0]?.createdAt).toBe(Date.UTC(2024, 2, 1, 10))
    expect(result.marks[1]?._bookmark).toBe(result.bookmarks[0]?._id)
    // The refused row is listed once, with the page's reason.
    expect(result.skipped).toEqual([
      { reason: 'duplicate-highlight', line: 5, url: 'https://b.example/', title: 'B page' },
      { reason: 'javascript-url', line: 6, url: 'javascript:alert(1)', title: 'Evil' },
    ])
    // The page spans its highlights: created with the first, updated with the last.
    expect(result.bookmarks[0]?.createdAt).toBe(Date.UTC(2024, 2, 1, 10))
    expect(result.bookmarks[0]?.updatedAt).toBe(Date.UTC(2024, 2, 1, 10, 5))
  })

  it('hangs highlights from a bookmark the library has, and skips highlights it has', async () => {
    const existing = createBookmark({ _id: 'old', url: 'http://a.example/post' }, NOW)
    const result = await importWeavaCsv(
      WEAVA,
      options({
        existing: existingLibraryOf(
          [existing],
          [{ url: 'https://b.example', text: 'Only on B', deletedAt: undefined }],
        ),
      }),
    )
    expect(result.bookmarks.map((bookmark) => bookmark.url)).toEqual(['https://b.example/'])
    expect(result.marks.filter((mark) => mark._bookmark === 'old')).toHaveLength(2)
    expect(result.marks.map((mark) => mark.text)).not.toContain('Only on B')
  })
})

describe('Pocket', () => {
  it('splits tags on | and reads time_added as epoch seconds', async () => {
    const csv =
      'title,url,time_added,tags,status\nA,https://a.example,1600000000,web design| ux |,unread\n'
    const [bookmark] = (await importPocketCsv(csv, options())).bookmarks
    expect(bookmark?.tags).toEqual(['web design', 'ux'])
    expect(bookmark?.createdAt).toBe(1_600_000_000_000)
    // The page keeps its date (ADR 038): updated when saved, modified (written) at the import.
    expect(bookmark?.updatedAt).toBe(1_600_000_000_000)
    expect(bookmark?.modifiedAt).toBe(NOW)
    expect(bookmark?.fileImportType).toBe('pocket')
  })

  it('keeps every distinct page: forum threads and blog posts differ by a parameter (ADR 069)', async () => {
    const csv = [
      'title,url,time_added',
      'Thread 1,https://news.ycombinator.com/item?id=1,1',
      'Thread 2,https://news.ycombinator.com/item?id=2,2',
      'Thread 1 again,https://news.ycombinator.com/item?id=1&utm_source=rss,3',
      'Post 12,https://blog.example/?p=12,4',
      'Post 13,https://blog.example/?p=13,5',
      'Post 12 again,https://www.blog.example/?fbclid=x&p=12,6',
      'Home,https://blog.example/,7',
      'Search,https://www.example.com/search?a=1&b=2,8',
      'Search reordered,https://www.example.com/search?b=2&a=1,9',
    ].join('\n')
    const library = existingLibraryOf(
      [createBookmark({ _id: 'old', url: 'https://f.example/t?b=2&a=1' }, NOW)],
      [],
    )
    const result = await importPocketCsv(
      `${csv}\nKnown,https://f.example/t?a=1&b=2&gclid=3,10\n`,
      options({ existing: library }),
    )
    expect(result.bookmarks.map((bookmark) => bookmark.title)).toEqual([
      'Thread 1',
      'Thread 2',
      'Post 12',
      'Post 13',
      'Home',
      'Search',
      'Search reordered',
    ])
    expect(result.skipped.map((item) => [item.line, item.firstLine])).toEqual([
      [4, 2],
      [7, 5],
      [11, undefined],
    ])
  })

  it('refuses javascript: URLs', async () => {
    const csv =
      'title,url,time_added\nX,javascript:alert(document.cookie),1\nY,JavaScript:void(0),1\n'
    const result = await importPocketCsv(csv, options())
    expect(result.bookmarks).toEqual([])
    expect(result.skipped.map((item) => item.reason)).toEqual(['javascript-url', 'javascript-url'])
  })

  it('refuses a Diigo CSV with the spec message naming Pocket', async () => {
    const diigo =
      'title,url,tags,description,comments,annotations,created_at\nA,https://a.example,x,,,,\n'
    const error = await failure(importPocketCsv(diigo, options()))
    expect(error.code).toBe(ImportErrorCode.INVALID_FILE)
    expect(error.message).toBe('Invalid file. Try to upload a CSV file from Pocket')
    expect(error.detail).toContain('time added')
  })

  it('refuses JSON that is not Pocket highlights, and text that is not JSON', async () => {
    const wrongShape = await failure(importPocketJson('{"bookmarks":[],"marks":[]}', options()))
    expect(wrongShape.message).toBe('Invalid file. Try to upload a JSON file from Pocket')
    const broken = await failure(importPocketJson('[{"url": "https://a.example", ', options()))
    expect(broken.code).toBe(ImportErrorCode.JSON_PARSE)
    expect(broken.message).toBe(Message.JSON_PARSE_ERROR)
  })
})

describe('Diigo', () => {
  it('reads highlights, continuation lines and sticky notes, and drops no_tag', async () => {
    const csv = [
      'title,url,tags,description,comments,annotations,created_at',
      `"A","https://a.example","no_tag, x , y","","","Highlight:One <b>bold</b>&nbsp;word`,
      `still one`,
      `Sticky notes:A page note`,
      `Highlight:Two","2024-05-08 05:36:43"`,
    ].join('\n')
    const result = await importDiigoCsv(csv, options())
    expect(result.bookmarks[0]?.tags).toEqual(['x', 'y'])
    expect(result.bookmarks[0]?.createdAt).toBe(Date.UTC(2024, 4, 8, 5, 36, 43))
    expect(result.marks.map((mark) => [mark.text, mark.notes])).toEqual([
      ['One bold word\nstill one', undefined],
      [undefined, 'A page note'],
      ['Two', undefined],
    ])
  })

  it('parses an empty annotations field to nothing', () => {
    expect(parseDiigoAnnotations('')).toEqual([])
  })
})

describe('browser bookmarks', () => {
  it('reads links with tags and descriptions, skips javascript: and place: ones', async () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><H3 ADD_DATE="1">Folder &amp; co</H3>
<DL><p>
<DT><A HREF="https://a.example/?a=1&amp;b=2" ADD_DATE="1600000000" TAGS="one,two words">A &lt;b&gt;</A>
<DD>About &quot;A&quot;
<DT><A HREF="javascript:alert(1)">Bookmarklet</A>
<DT><A HREF="place:sort=8">Most visited</A>
</DL><p>
</DL>`
    const result = await importBrowserBookmarks(html, options())
    expect(result.bookmarks).toHaveLength(1)
    expect(result.bookmarks[0]).toMatchObject({
      url: 'https://a.example/?a=1&b=2',
      title: 'A <b>',
      description: 'About "A"',
      tags: ['one', 'two words'],
      createdAt: 1_600_000_000_000,
      fileImportType: 'browserBookmarks',
    })
    expect(result.skipped.map((item) => item.reason)).toEqual(['javascript-url', 'unsupported-url'])
  })

  it('refuses HTML that is not a bookmark file', async () => {
    const error = await failure(importBrowserBookmarks('<html><a href="x">y</a></html>', options()))
    expect(error.message).toBe('Invalid file. Try to upload a HTML file from your browser')
  })
})

describe('Kindle clippings', () => {
  it('splits title and author, reads locations and English times', () => {
    expect(splitKindleTitle('飘（上下） (外国文学名著名译丛书) ((美)米切尔)')).toEqual({
      title: '飘（上下） (外国文学名著名译丛书)',
      author: '(美)米切尔',
    })
    expect(splitKindleTitle('No author')).toEqual({ title: 'No author' })
    expect(kindleLocation('- Highlight Loc. 5444-45 | Added on ...')).toEqual({
      start: 5444,
      end: 5445,
    })
    expect(kindleLocation('- 您在位置 #2543-2544的标注')).toEqual({ start: 2543, end: 2544 })
    expect(kindleAddedAt('Added on Monday, March 21, 2016 8:35:16 PM')).toBe(
      Date.UTC(2016, 2, 21, 20, 35, 16),
    )
    expect(kindleAddedAt('Added on Saturday, October 31, 2009, 09:25 AM')).toBe(
      Date.UTC(2009, 9, 31, 9, 25),
    )
    expect(kindleAddedAt('Added on Thursday, 22 August 2024 18:10:53')).toBe(
      Date.UTC(2024, 7, 22, 18, 10, 53),
    )
  })

  it('makes Kindle bookmarks and marks, with the note on its highlight', async () => {
    const text = [
      'Book (Ann Author)',
      '- Your Highlight on page 3 | Location 40-42 | Added on Monday, March 21, 2016 8:35:16 AM',
      '',
      'Highlighted words',
      '==========',
      'Book (Ann Author)',
      '- Your Note on page 3 | Location 42 | Added on Monday, March 21, 2016 8:36:00 AM',
      '',
      'My thought',
      '==========',
    ].join('\r\n')
    const result = await importKindleClippings(text, options())
    expect(result.bookmarks[0]).toMatchObject({
      type: 'kindle',
      title: 'Book',
      coverTitle: 'Book',
      author: 'Ann Author',
    })
    expect(result.marks).toHaveLength(1)
    expect(result.marks[0]).toMatchObject({
      type: 'kindle',
      text: 'Highlighted words',
      notes: 'My thought',
      createdAt: Date.UTC(2016, 2, 21, 8, 35, 16),
    })
  })

  it('refuses a text file without clippings', async () => {
    const error = await failure(importKindleClippings('just some notes\nand more', options()))
    expect(error.message).toBe('Invalid file. Try to upload a TXT file from Kindle')
  })
})

describe('malformed files never throw anything but ImportFileError', () => {
  const junk = String.fromCharCode(...Array.from({ length: 600 }, (_, index) => (index * 37) % 256))
  const inputs: Record<string, string> = {
    empty: '',
    blank: ' \n\r\n ',
    junk,
    'truncated quote': 'title,url,time_added\n"A page,https://a.example,1\n',
    'text after a quote': 'title,url,time_added\n"A"x,https://a.example,1\n',
    'header only': 'title,url\n',
    'JSON array of numbers': '[1,2,3]',
    'half a tag': '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><A HREF="https://a.example',
  }
  for (const info of IMPORT_FORMATS) {
    for (const [name, text] of Object.entries(inputs)) {
      it(`${info.format}: ${name}`, async () => {
        const outcome = await info.importer(text, options()).then(
          (result) => result,
          (error: unknown) => error,
        )
        if (outcome instanceof Error) {
          expect(outcome).toBeInstanceOf(ImportFileError)
          expect([
            `Invalid file. Try to upload a ${info.extension} file from ${info.service}`,
            Message.CSV_PARSE_ERROR,
            Message.CSV_END_QUOTE_MISSING,
            Message.JSON_PARSE_ERROR,
          ]).toContain(outcome.message)
        } else {
          expect(outcome).toHaveProperty('bookmarks')
        }
      })
    }
  }

  it('gives the spec messages for CSV quoting errors', async () => {
    const open = await failure(importPocketCsv(inputs['truncated quote'] ?? '', options()))
    expect([open.code, open.message]).toEqual([
      ImportErrorCode.CSV_END_QUOTE_MISSING,
      'Unexpected end: end quote missing',
    ])
    const stray = await failure(importPocketCsv(inputs['text after a quote'] ?? '', options()))
    expect([stray.code, stray.message]).toEqual([
      ImportErrorCode.CSV_PARSE,
      'Could not parse given CSV content',
    ])
    const empty = await failure(importPocketCsv('', options()))
    expect(empty.detail).toBe('the file is empty')
    const binary = await failure(importDiigoCsv(junk, options()))
    expect(binary.message).toBe('Invalid file. Try to upload a CSV file from Diigo')
  })
})

describe('progress', () => {
  it('reports a 10,000-row file in chunks, yielding between them', async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, index) => `T${index},https://a.example/${index},1600000000,,unread`,
    )
    const calls: [number, number][] = []
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 0)
    const result = await importPocketCsv(
      ['title,url,time_added,tags,status', ...rows].join('\n'),
      options({ onProgress: (done, total) => calls.push([done, total]), chunkSize: 1000 }),
    )
    clearInterval(timer)
    expect(result.bookmarks).toHaveLength(10_000)
    expect(calls[0]).toEqual([0, 10_000])
    expect(calls.at(-1)).toEqual([10_000, 10_000])
    expect(calls).toHaveLength(11)
    expect(ticks).toBeGreaterThan(0)
    // Parsing 10,000 rows takes seconds on a loaded 2-core machine: a generous limit, no timing claim.
  }, 60_000)
})

describe('detectImportFormat', () => {
  it('tells formats apart by extension and header', () => {
    expect(detectImportFormat('part_000000.csv', 'title,url,time_added,tags,status\n')).toBe(
      ImportFormat.POCKET_CSV,
    )
    expect(
      detectImportFormat(
        'x.CSV',
        '\ufeff"title","url","tags","description","comments","annotations","created_at"',
      ),
    ).toBe(ImportFormat.DIIGO_CSV)
    expect(
      detectImportFormat('weava.csv', 'Date,Website Title,URL,Color Code,Color Name,Text,Note'),
    ).toBe(ImportFormat.WEAVA_CSV)
    expect(detectImportFormat('a.json', '[{"url":"https://a.example","highlights":[]}]')).toBe(
      ImportFormat.POCKET_JSON,
    )
    expect(detectImportFormat('inkmark-backup.json', '{"bookmarks":[]}')).toBeNull()
    expect(detectImportFormat('bookmarks.html', '<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(
      ImportFormat.BROWSER_BOOKMARKS,
    )
    expect(
      detectImportFormat('My Clippings.txt', 'A (B)\n- Your Highlight\n\nx\n==========\n'),
    ).toBe(ImportFormat.KINDLE_CLIPPINGS)
    expect(detectImportFormat('photo.png', '\u0089PNG')).toBeNull()
    expect(detectImportFormat('other.csv', 'a,b,c')).toBeNull()
  })
})
