import type { Bookmark, Mark } from '@inkmark/shared'
import { ImportFileError } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  WRITE_CHUNK_SIZE,
  importAcceptAttribute,
  runImport,
  toChunks,
  unrecognisedFileMessage,
  withNotesAddedNow,
  type ImportProgress,
} from './import-run'

function memoryTarget() {
  const written: unknown[][] = []
  let next = 0
  return {
    written,
    getAllBookmarks: (): Bookmark[] => [],
    getAllMarks: (): Mark[] => [],
    createOrUpdateEntities: (entities: readonly unknown[]) => {
      written.push([...entities])
      return Promise.resolve()
    },
    createId: () => `id-${(next += 1)}`,
  }
}

describe('toChunks', () => {
  it('splits into runs of at most the size', () => {
    expect(toChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(toChunks([], 2)).toEqual([])
  })
})

describe('importAcceptAttribute', () => {
  it('lists the extensions of every format once', () => {
    const accept = importAcceptAttribute().split(',')
    expect(accept).toEqual(expect.arrayContaining(['.csv', '.json', '.html', '.txt', 'text/csv']))
    expect(new Set(accept).size).toBe(accept.length)
  })
})

describe('runImport', () => {
  it('imports a Pocket CSV in chunks and reports progress', async () => {
    const rows = Array.from(
      { length: WRITE_CHUNK_SIZE + 5 },
      (_, index) => `Page ${index},https://example.com/${index},1700000000,a|b,unread`,
    )
    const text = ['title,url,time_added,tags,status', ...rows].join('\n')
    const target = memoryTarget()
    const progress: ImportProgress[] = []
    const writes: { bookmarks: number; marks: number }[] = []
    const summary = await runImport(
      target,
      'pocket.csv',
      text,
      (step) => progress.push(step),
      Date.UTC(2026, 10, 26),
      (counts) => writes.push(counts),
    )
    expect(summary).toEqual({
      formatName: 'Pocket CSV',
      itemName: 'row',
      imported: { bookmarks: 205, marks: 0 },
      notesAddedToLibrary: 0,
      skipped: [],
      errors: [],
      dateNotices: [],
    })
    expect(writes).toEqual([{ bookmarks: 205, marks: 0 }])
    expect(target.written.map((chunk) => chunk.length)).toEqual([WRITE_CHUNK_SIZE, 5])
    expect(progress[0]).toEqual({ formatName: 'Pocket CSV', phase: 'reading', done: 0, total: 0 })
    expect(progress.at(-1)).toEqual({
      formatName: 'Pocket CSV',
      phase: 'writing',
      done: 205,
      total: 205,
    })
  })

  it('keeps every skipped row with its reason, and the file dates of what it writes', async () => {
    const text = [
      'title,url,time_added,tags,status',
      'A,https://a.example/,1500000000,,unread',
      'A again,https://a.example/,1500000001,,unread',
      'Script,javascript:alert(1),1500000002,,unread',
    ].join('\n')
    const target = memoryTarget()
    const summary = await runImport(target, 'part.csv', text, () => undefined, Date.UTC(2026, 0, 1))
    expect(summary.skipped.map((item) => [item.reason, item.line])).toEqual([
      ['duplicate-bookmark', 3],
      ['javascript-url', 4],
    ])
    const [bookmark] = target.written.flat() as Bookmark[]
    expect(bookmark?.createdAt).toBe(1_500_000_000_000)
    expect(bookmark?.updatedAt).toBe(1_500_000_000_000)
  })

  it('writes a Kindle note on a highlight already in the library onto that highlight', async () => {
    const clipping = (heading: string, text: string) =>
      ['Book (Author)', heading, '', text, '=========='].join('\n')
    const highlight = clipping(
      '- Your Highlight on Location 10-11 | Added on May 1, 2024 8:00 AM',
      'Words.',
    )
    const note = clipping('- Your Note on Location 11 | Added on May 1, 2024 8:01 AM', 'Mine.')
    const first = memoryTarget()
    await runImport(first, 'My Clippings.txt', highlight, () => undefined, Date.UTC(2026, 0, 1))
    const library = first.written.flat() as (Bookmark | Mark)[]
    const target = {
      ...memoryTarget(),
      getAllBookmarks: () => library.filter((item) => !('_bookmark' in item)) as Bookmark[],
      getAllMarks: () => library.filter((item) => '_bookmark' in item) as Mark[],
    }
    const summary = await runImport(
      target,
      'My Clippings.txt',
      `${highlight}\n${note}`,
      () => undefined,
      Date.UTC(2026, 0, 2),
    )
    expect(summary.imported).toEqual({ bookmarks: 0, marks: 0 })
    expect(summary.notesAddedToLibrary).toBe(1)
    const [updated] = target.written.flat() as Mark[]
    const kept = library.find((item) => '_bookmark' in item)
    expect(updated).toMatchObject({ _id: kept?._id, text: 'Words.', notes: 'Mine.' })
  })

  it('adds the note to the highlight as it is when written, not as the import first read it', () => {
    const base = { _bookmark: 'b', url: 'https://a.example/', createdAt: 1, updatedAt: 1 }
    const read = { ...base, _id: 'm1', text: 'Words.', color: '#fdffb4', notes: 'Mine.' } as Mark
    const gone = { ...base, _id: 'm2', text: 'Other.', notes: 'Too.' } as Mark
    // Synced in during the import: a new colour and a note of its own; m2 deleted.
    const now = { ...read, color: '#92ffaa', notes: 'Written on my phone.' } as Mark
    const [updated, ...rest] = withNotesAddedNow([read, gone], [now], 5)
    expect(rest).toEqual([])
    expect(updated).toMatchObject({
      _id: 'm1',
      color: '#92ffaa',
      notes: 'Written on my phone.\n\nMine.',
      updatedAt: 5,
    })
    expect(withNotesAddedNow([read], [{ ...now, notes: 'Mine.' }], 5)).toEqual([])
  })

  it('refuses a file no importer recognises with the spec message', async () => {
    const promise = runImport(memoryTarget(), 'notes.txt', 'hello', () => undefined)
    await expect(promise).rejects.toBeInstanceOf(ImportFileError)
    await expect(promise).rejects.toThrow('Invalid file. Try to upload a TXT file from Kindle')
  })
})

describe('unrecognisedFileMessage', () => {
  it('names the services of the extension', () => {
    expect(unrecognisedFileMessage('x.csv')).toBe(
      'Invalid file. Try to upload a CSV file from Pocket, Diigo, Weava',
    )
  })
})
