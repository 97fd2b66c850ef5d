import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import {
  ORPHAN_GRACE_MS,
  deletePdfFilesOfDeleted,
  openPdfFileStore,
  type StoredPdfFile,
} from './pdf-file-store'

function pdfFile(bookmarkId: string, text = '%PDF-1.7 body'): StoredPdfFile {
  return {
    bookmarkId,
    name: `${bookmarkId}.pdf`,
    bytes: new TextEncoder().encode(text).buffer,
    storedAt: 1_700_000_000_000,
  }
}

describe('the PDF file store', () => {
  it('keeps a file across reopening the database', async () => {
    const factory = new IDBFactory()
    const first = await openPdfFileStore(factory)
    await first.put(pdfFile('b1'))
    first.close()
    const second = await openPdfFileStore(factory)
    const stored = await second.get('b1')
    expect(stored?.name).toBe('b1.pdf')
    expect(new TextDecoder().decode(stored?.bytes)).toBe('%PDF-1.7 body')
    second.close()
  })

  it('answers undefined for a bookmark without a file here', async () => {
    const files = await openPdfFileStore(new IDBFactory())
    expect(await files.get('elsewhere')).toBeUndefined()
  })

  it('replaces the file of a bookmark uploaded again', async () => {
    const files = await openPdfFileStore(new IDBFactory())
    await files.put(pdfFile('b1', '%PDF-1.4 old'))
    await files.put(pdfFile('b1', '%PDF-1.7 new'))
    expect(new TextDecoder().decode((await files.get('b1'))?.bytes)).toBe('%PDF-1.7 new')
    expect(await files.listBookmarkIds()).toEqual(['b1'])
  })

  it('removes the files of deleted bookmarks and keeps the others', async () => {
    const files = await openPdfFileStore(new IDBFactory())
    await files.put(pdfFile('kept'))
    await files.put(pdfFile('gone'))
    expect(
      await deletePdfFilesOfDeleted(files, (id) => (id === 'gone' ? 'deleted' : 'present')),
    ).toBe(1)
    expect(await files.listBookmarkIds()).toEqual(['kept'])
  })

  it('removes a file whose bookmark the library never knew only after the grace period', async () => {
    const files = await openPdfFileStore(new IDBFactory())
    await files.put(pdfFile('never-synced'))
    const storedAt = pdfFile('x').storedAt
    const unknown = () => 'unknown' as const
    expect(await deletePdfFilesOfDeleted(files, unknown, storedAt + ORPHAN_GRACE_MS - 1)).toBe(0)
    expect(await files.listBookmarkIds()).toEqual(['never-synced'])
    expect(await deletePdfFilesOfDeleted(files, unknown, storedAt + ORPHAN_GRACE_MS + 1)).toBe(1)
    expect(await files.listBookmarkIds()).toEqual([])
  })
})
