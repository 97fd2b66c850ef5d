// The Omnivore importer against a zip built here in the shape Omnivore's export job writes
// (omnivore-app/omnivore packages/api/src/jobs/export.ts: metadata_<from>_to_<to>.json with the
// item fields it lists, content/<slug>.html, highlights/<slug>.md written by `highlightToMarkdown`
// in packages/api/src/utils/parser.ts: `> quote `, then `#label` words and the note after empty
// lines, highlights joined by an empty line, empty lines of a quote written as `> `), a broken zip,
// and a metadata JSON whose items carry the API's highlight fields (quote, prefix, suffix,
// annotation, color, type, dates) as third-party exporters write them.
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { pageSelectorsOf } from '../reader/reader-selectors'
import { ImportFormat, detectImportFormat, getImportFormatInfo } from './import-formats'
import { SkipReason, existingLibraryOf } from './import-result'
import { IMPORTED_QUOTE_TAG } from './imported-anchors'
import { importOmnivore } from './omnivore-export'
import { parseOmnivoreHighlights } from './omnivore-highlights-md'

const NOW = Date.UTC(2025, 0, 1)

function options() {
  let next = 0
  return { now: NOW, createId: () => `id-${++next}` }
}

const ITEMS = [
  {
    id: '5b6c1f36-6f1e-11ee-9d0a-8b2b6f1c7a01',
    slug: 'regression-testing-18b4f0c1a2e',
    title: 'Regression testing - Wikipedia',
    description: 'Re-running tests to ensure that software still works after a change.',
    author: 'Wikipedia contributors',
    url: 'https://en.wikipedia.org/wiki/Regression_testing',
    state: 'ARCHIVED',
    readingProgress: 100,
    thumbnail: 'https://upload.wikimedia.org/wikipedia/commons/thumb/regression.png',
    labels: ['testing', ' Software  QA '],
    savedAt: '2024-03-02T09:15:00.000Z',
    updatedAt: '2024-03-05T18:40:12.000Z',
    publishedAt: null,
  },
  {
    id: '7d0e2a48-6f1e-11ee-9d0a-8b2b6f1c7a02',
    slug: 'no-highlights-18b4f0c1a2f',
    title: 'A page without highlights',
    description: null,
    author: null,
    url: 'https://example.org/reading',
    state: 'SUCCEEDED',
    readingProgress: 0,
    thumbnail: null,
    labels: [],
    savedAt: '2024-04-01T07:00:00.000Z',
    updatedAt: '2024-04-01T07:00:00.000Z',
    publishedAt: '2024-03-30T00:00:00.000Z',
  },
]

const HIGHLIGHTS_MD = [
  // A quote over two paragraphs: the empty line became `> `.
  '> Regression testing is re-running functional and non-functional tests\n> \nto ensure that previously developed software still performs. \n\n#definition #core idea\n\nThe one-line definition.',
  '> Common methods of regression testing include re-running previous sets of test cases. ',
  // A plugin template's link after the quote, and a note over two paragraphs.
  '> As software is updated or changed, emergence of new faults is common. [⤴️](https://omnivore.app/me/regression-testing-18b4f0c1a2e#a1b2c3)\n\nFirst thought.\n\nSecond thought.',
].join('\n\n')

function exportZip(files: Record<string, string>): Uint8Array {
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
  )
}

const ZIP = exportZip({
  'metadata_0_to_2.json': JSON.stringify(ITEMS, null, 2),
  'content/regression-testing-18b4f0c1a2e.html': '<div><p>Regression testing is…</p></div>',
  'content/no-highlights-18b4f0c1a2f.html': '<div><p>Reading</p></div>',
  'highlights/regression-testing-18b4f0c1a2e.md': HIGHLIGHTS_MD,
})

describe('Omnivore export zip', () => {
  it('imports the items as pages with labels and dates, and the Markdown quotes as quote-only highlights', async () => {
    expect(detectImportFormat('omnivore_export.zip', '')).toBe(ImportFormat.OMNIVORE)
    const result = await getImportFormatInfo(ImportFormat.OMNIVORE).bytesImporter!(ZIP, options())
    expect(result.errors).toEqual([])
    expect(result.skipped).toEqual([])
    expect(result.bookmarks).toHaveLength(2)
    const page = result.bookmarks[0]!
    expect(page).toMatchObject({
      url: ITEMS[0]!.url,
      title: ITEMS[0]!.title,
      description: ITEMS[0]!.description,
      author: 'Wikipedia contributors',
      image: ITEMS[0]!.thumbnail,
      tags: ['testing', 'Software QA'],
      createdAt: Date.parse('2024-03-02T09:15:00.000Z'),
      updatedAt: Date.parse('2024-03-05T18:40:12.000Z'),
      modifiedAt: NOW,
    })
    expect(result.bookmarks[1]).toMatchObject({
      tags: [],
      createdAt: Date.parse(ITEMS[1]!.savedAt),
    })

    expect(result.marks.map((mark) => mark.text)).toEqual([
      'Regression testing is re-running functional and non-functional tests\n\nto ensure that previously developed software still performs.',
      'Common methods of regression testing include re-running previous sets of test cases.',
      'As software is updated or changed, emergence of new faults is common.',
    ])
    const [first, , third] = result.marks
    expect(first).toMatchObject({
      _bookmark: page._id,
      tags: ['definition', 'core idea'],
      notes: 'The one-line definition.',
    })
    expect(third!.notes).toBe('First thought.\n\nSecond thought.')
    for (const mark of result.marks) {
      // The quote alone: metas name no element, so anchoring looks for the quote on the live page.
      expect(mark.highlightSource).toEqual({
        startMeta: { parentTagName: IMPORTED_QUOTE_TAG, parentIndex: 0, textOffset: 0 },
        endMeta: { parentTagName: IMPORTED_QUOTE_TAG, parentIndex: 0, textOffset: 0 },
        text: mark.text,
        selectors: [{ type: 'TextQuoteSelector', exact: mark.text }],
      })
      expect(pageSelectorsOf(mark)).toMatchObject({ quote: { exact: mark.text } })
      // Markdown has no highlight dates: the import time (ADR 038).
      expect(mark.createdAt).toBe(NOW)
    }
  })

  it('reads a page note written before any quote, and a second import skips what it brought', async () => {
    const zip = exportZip({
      'metadata_0_to_1.json': JSON.stringify([ITEMS[0]]),
      'highlights/regression-testing-18b4f0c1a2e.md': `A note on the whole article\n\n${HIGHLIGHTS_MD}`,
    })
    const result = await importOmnivore(zip, options())
    expect(result.marks[0]).toMatchObject({ notes: 'A note on the whole article' })
    expect(result.marks[0]!.text).toBeUndefined()
    expect(result.marks[0]!.highlightSource).toBeUndefined()
    expect(result.marks).toHaveLength(4)
    const again = await importOmnivore(zip, {
      ...options(),
      existing: existingLibraryOf(result.bookmarks, result.marks),
    })
    expect(again.bookmarks).toEqual([])
    expect(again.marks).toEqual([])
    expect(again.skipped.map((item) => item.reason)).toEqual([
      SkipReason.DUPLICATE_BOOKMARK,
      ...Array<string>(4).fill(SkipReason.DUPLICATE_HIGHLIGHT),
    ])
  })

  it('refuses a broken zip or one without metadata with the spec message, collecting nothing', async () => {
    const broken = ZIP.slice(0, ZIP.length - 40)
    await expect(importOmnivore(broken, options())).rejects.toThrow(
      'Invalid file. Try to upload a zip file from Omnivore',
    )
    await expect(
      importOmnivore(exportZip({ 'content/a.html': '<p>a</p>' }), options()),
    ).rejects.toThrow('Invalid file. Try to upload a zip file from Omnivore')
    await expect(
      importOmnivore(exportZip({ 'metadata_0_to_1.json': '[{"slug": "a", ' }), options()),
    ).rejects.toThrow('Could not parse given JSON content')
  })
})

describe('Omnivore metadata JSON', () => {
  const withHighlights = [
    {
      ...ITEMS[0],
      highlights: [
        {
          type: 'HIGHLIGHT',
          quote: 'emergence of new faults',
          prefix: 'As software is updated or changed, ',
          suffix: ' is common.',
          annotation: 'Why we test again',
          color: 'green',
          labels: [{ name: 'faults' }],
          patch: '@@ -1,4 +1,4 @@',
          createdAt: '2024-03-03T10:00:00.000Z',
          updatedAt: '2024-03-04T10:00:00.000Z',
        },
        {
          type: 'NOTE',
          annotation: 'Read again before the review',
          createdAt: '2024-03-03T11:00:00.000Z',
        },
      ],
    },
  ]

  it('keeps the quote with its prefix and suffix, the note, colour, labels and dates', async () => {
    const text = JSON.stringify(withHighlights, null, 2)
    expect(detectImportFormat('omnivore.json', text)).toBe(ImportFormat.OMNIVORE)
    const result = await importOmnivore(text, options())
    expect(result.bookmarks).toHaveLength(1)
    expect(result.marks).toHaveLength(2)
    const [highlight, note] = result.marks
    const quote = {
      type: 'TextQuoteSelector',
      exact: 'emergence of new faults',
      prefix: 'As software is updated or changed, ',
      suffix: ' is common.',
    }
    expect(highlight).toMatchObject({
      text: 'emergence of new faults',
      notes: 'Why we test again',
      color: '#a7e8c8',
      tags: ['faults'],
      createdAt: Date.parse('2024-03-03T10:00:00.000Z'),
      updatedAt: Date.parse('2024-03-04T10:00:00.000Z'),
      highlightSource: { selectors: [quote], text: 'emergence of new faults' },
    })
    expect(pageSelectorsOf(highlight!)).toMatchObject({ quote })
    expect(note).toMatchObject({ notes: 'Read again before the review' })
    expect(note!.text).toBeUndefined()
  })

  it("reads the export's metadata JSON alone as pages, and refuses other JSON", async () => {
    const text = JSON.stringify(ITEMS, null, 2)
    expect(detectImportFormat('metadata_0_to_2.json', text)).toBe(ImportFormat.OMNIVORE)
    const result = await importOmnivore(text, options())
    expect(result.bookmarks.map((bookmark) => bookmark.url)).toEqual(ITEMS.map((item) => item.url))
    expect(result.marks).toEqual([])
    await expect(importOmnivore('[{"title": "x"}]', options())).rejects.toThrow(
      'Invalid file. Try to upload a zip file from Omnivore',
    )
    await expect(importOmnivore('[{"slug": ', options())).rejects.toThrow(
      'Could not parse given JSON content',
    )
  })
})

describe('Omnivore highlights Markdown', () => {
  it('splits labels from notes and keeps a label that has a space', () => {
    expect(parseOmnivoreHighlights('> a quote \n\n#one #two words\n\nnote')).toEqual([
      { quote: 'a quote', labels: ['one', 'two words'], note: 'note' },
    ])
    expect(parseOmnivoreHighlights('> only a quote ')).toEqual([
      { quote: 'only a quote', labels: [] },
    ])
  })
})
