import type { Bookmark, Mark } from '@inkmark/shared'
import { ImportFileError } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  WRITE_CHUNK_SIZE,
  importAcceptAttribute,
  runImport,
  toChunks,
  unrecognisedFileMessage,
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
