// A Kindle note whose highlight is skipped as a duplicate goes to the highlight that is kept: the
// one further up the file, or the one already in the library (a clippings file imported again as
// it grows), with the real Kindle exports of the fixtures and small constructed files.
import { describe, expect, it } from 'vitest'
import { withAddedNote } from './duplicate-notes'
import { readTransferFixture } from './fixture-files'
import type { FileImportResult, ImportOptions } from './import-result'
import { existingLibraryOf } from './import-result'
import { skippedReportLines, reportLineText } from './import-report'
import { importKindleClippings } from './kindle-clippings'
import { importKindleNotebook } from './kindle-notebook'

const NOW = Date.UTC(2025, 0, 1)
const SEPARATOR = '=========='

function options(overrides: Partial<ImportOptions> = {}): ImportOptions {
  let next = 0
  return { now: NOW, createId: () => `id-${++next}`, ...overrides }
}

/** The options of an import into a library holding what `first` imported. */
function into(first: FileImportResult): ImportOptions {
  let next = 0
  return {
    now: NOW + 1000,
    createId: () => `again-${++next}`,
    existing: existingLibraryOf(first.bookmarks, [...first.marks, ...first.updatedMarks]),
  }
}

function clipping(heading: string, text: string): string {
  return ['Book (Author)', heading, '', text, SEPARATOR].join('\n')
}

const highlight = (location: string, text: string) =>
  clipping(
    `- Your Highlight on Location ${location} | Added on Monday, March 21, 2016 8:35:16 AM`,
    text,
  )
const note = (location: string, text: string) =>
  clipping(`- Your Note on Location ${location} | Added on Monday, March 21, 2016 8:36:00 AM`, text)

function reportOf(result: FileImportResult): string[] {
  return skippedReportLines(result.skipped, 'line').map(reportLineText)
}

describe('withAddedNote', () => {
  it('appends new paragraphs and repeats none', () => {
    expect(withAddedNote({}, 'First')).toEqual({ notes: 'First', richText: undefined })
    expect(withAddedNote({ notes: 'First' }, 'Second')).toEqual({
      notes: 'First\n\nSecond',
      richText: undefined,
    })
    expect(withAddedNote({ notes: 'First' }, ' First ')).toBeNull()
    expect(withAddedNote({ notes: 'First\n\nSecond' }, 'Second')).toBeNull()
    expect(withAddedNote({ notes: 'First' }, 'First\n\nThird')?.notes).toBe('First\n\nThird')
  })

  it('adds the words to a rich-text note as a new line', () => {
    const richText = [{ insert: 'Bold', attributes: { bold: true } }, { insert: '\n' }]
    expect(withAddedNote({ richText }, 'Plain')).toEqual({
      notes: undefined,
      richText: [...richText, { insert: 'Plain\n' }],
    })
    expect(withAddedNote({ richText }, 'Bold')).toBeNull()
  })
})

describe('a note on a highlight skipped as a duplicate (Kindle clippings)', () => {
  it('goes to the copy of the highlight kept further up the file, and the report says so', async () => {
    // The Kindle wrote the highlight twice (it was extended) and the note after the second copy.
    const text = [
      highlight('10-11', 'The same words.'),
      highlight('10-11', 'The same words.'),
      note('11', 'My thought.'),
    ].join('\n')
    const result = await importKindleClippings(text, options())
    expect(result.marks.map((mark) => [mark.text, mark.notes])).toEqual([
      ['The same words.', 'My thought.'],
    ])
    expect(result.skipped).toMatchObject([
      { reason: 'duplicate-highlight', line: 6, firstLine: 1, noteAddedTo: 'file' },
    ])
    expect(reportOf(result)).toEqual([
      'Line 6 · Duplicate highlight: the same text on the same page; its note was added to the one of line 1 · Book · kindle:Book%20(Author)',
    ])
    expect(result.updatedMarks).toEqual([])
  })

  it('appends a second note and does not repeat an equal one', async () => {
    const text = [
      highlight('10-11', 'Words.'),
      note('11', 'First note.'),
      highlight('10-11', 'Words.'),
      note('11', 'Second note.'),
      highlight('10-11', 'Words.'),
      note('11', 'First note.'),
    ].join('\n')
    const result = await importKindleClippings(text, options())
    expect(result.marks.map((mark) => mark.notes)).toEqual(['First note.\n\nSecond note.'])
    expect(result.skipped.map((item) => item.noteAddedTo)).toEqual(['file', undefined])
    expect(reportOf(result)[1]).toBe(
      'Line 21 · Duplicate highlight: the same text on the same page · Book · kindle:Book%20(Author)',
    )
  })

  it('keeps a duplicate without a note a plain duplicate', async () => {
    const text = [highlight('1', 'Once.'), highlight('1', 'Once.')].join('\n')
    const result = await importKindleClippings(text, options())
    expect(result.skipped).toEqual([
      { reason: 'duplicate-highlight', line: 6, title: 'Book', url: 'kindle:Book%20(Author)' },
    ])
  })
})

describe('a note on a highlight already in the library (the real Kindle exports)', () => {
  it('adds the note written since the last import to the library highlight', async () => {
    // The real file: a highlight, then a note on it a minute later. The first import saw only
    // the highlight (the file before the note was written).
    const file = readTransferFixture('kindle/hadynz_missing-note-scenario_zh.txt')
    const [before] = file.split(SEPARATOR)
    const first = await importKindleClippings(`${before}${SEPARATOR}\n`, options())
    expect(first.marks).toHaveLength(1)
    expect(first.marks[0]?.notes).toBeUndefined()

    const again = await importKindleClippings(file, into(first))
    expect(again.marks).toEqual([])
    expect(again.updatedMarks).toHaveLength(1)
    expect(again.updatedMarks[0]).toMatchObject({
      _id: first.marks[0]?._id,
      _bookmark: first.marks[0]?._bookmark,
      text: first.marks[0]?.text,
      notes: '原来是为她哥哥守孝,到这里才说明白。',
      createdAt: first.marks[0]?.createdAt,
      modifiedAt: NOW + 1000,
    })
    expect(again.skipped).toMatchObject([{ reason: 'duplicate-highlight', noteAddedTo: 'library' }])
    expect(reportOf(again)[0]).toMatch(
      /^Line 1 · Duplicate highlight: the same text on the same page; its note was added to the highlight already in your library · /,
    )

    // A third import of the same file changes nothing: the note is there already.
    const third = await importKindleClippings(file, into({ ...first, marks: again.updatedMarks }))
    expect(third.updatedMarks).toEqual([])
    expect(third.skipped.map((item) => item.noteAddedTo)).toEqual([undefined])
  })

  it('finds the highlight of a note written before it (Schopenhauer, location 20)', async () => {
    const file = readTransferFixture('kindle/samueldg_clippings.txt')
    const withoutNote = file
      .split(SEPARATOR)
      .filter((entry) => !entry.includes('Your Note'))
      .join(SEPARATOR)
    const first = await importKindleClippings(withoutNote, options())
    expect(first.marks.filter((mark) => mark.notes !== undefined)).toEqual([])
    const again = await importKindleClippings(file, into(first))
    expect(again.marks).toEqual([])
    expect(again.updatedMarks.map((mark) => [mark.text, mark.notes])).toEqual([
      ['As compilation is not my business,', 'remarque de Proust?'],
    ])
  })

  it('adds the notebook export’s notes to highlights imported from the clippings file', async () => {
    const html = readTransferFixture('kindle/krystofl_example_notebook.html')
    const full = await importKindleNotebook(html, options())
    const noted = full.marks.filter((mark) => mark.notes !== undefined)
    expect(noted).toHaveLength(2)
    // The same book imported earlier with no notes (e.g. from a clippings file).
    const bare = { ...full, marks: full.marks.map(({ notes: _notes, ...mark }) => mark) }
    const again = await importKindleNotebook(html, into(bare))
    expect(again.marks).toEqual([])
    expect(again.updatedMarks.map((mark) => [mark._id, mark.notes])).toEqual(
      noted.map((mark) => [mark._id, mark.notes]),
    )
    // Importing the full export over itself repeats nothing.
    expect((await importKindleNotebook(html, into(full))).updatedMarks).toEqual([])
  })
})
