import 'fake-indexeddb/auto'
import { openLocalStore, type LocalStore } from '@inkmark/shared'
import { fixturesDir } from '@inkmark/shared/fixtures'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { getPdfBookmarkUrl, isUploadedPdfBookmark } from './pdf-bookmark'
import { openPdfFileStore, type PdfFileStore } from './pdf-file-store'
import { uploadPdf } from './upload-pdf'

let databases = 0
let store: LocalStore
let files: PdfFileStore

beforeEach(async () => {
  databases += 1
  store = await openLocalStore({ databaseName: `upload-pdf-${databases}` })
  files = await openPdfFileStore(new (await import('fake-indexeddb')).IDBFactory())
})

async function fixturePdf(name: string): Promise<File> {
  const bytes = await readFile(join(fixturesDir('pdf'), `pdf/${name}`))
  return new File([bytes], name, { type: 'application/pdf' })
}

describe('uploading a PDF', () => {
  it('keeps the bytes and creates a saved bookmark named after the file', async () => {
    const file = await fixturePdf('budlong.pdf')
    const result = await uploadPdf(file, { store, files })
    expect(result).toMatchObject({ ok: true, existing: false })
    const bookmarkId = result.ok ? result.bookmarkId : ''
    const bookmark = store.getBookmark(bookmarkId)
    expect(bookmark?.url).toBe('file:///budlong.pdf')
    expect(bookmark?.title).toBe('budlong')
    expect(bookmark?.isStarred).toBe(true)
    expect(bookmark && isUploadedPdfBookmark(bookmark)).toBe(true)
    expect((await files.get(bookmarkId))?.bytes.byteLength).toBe(file.size)
  })

  it('refuses a file that is not a PDF and stores nothing', async () => {
    const file = new File(['just some notes'], 'notes.pdf', { type: 'application/pdf' })
    expect(await uploadPdf(file, { store, files })).toEqual({
      ok: false,
      message: "'notes.pdf' is not a PDF file. Choose a PDF document.",
    })
    expect(store.getAllBookmarks()).toEqual([])
    expect(await files.listBookmarkIds()).toEqual([])
  })

  it('refuses an empty file and stores nothing', async () => {
    const result = await uploadPdf(new File([], 'empty.pdf'), { store, files })
    expect(result.ok).toBe(false)
    expect(store.getAllBookmarks()).toEqual([])
    expect(await files.listBookmarkIds()).toEqual([])
  })

  it('uploading a file of the same name again keeps the bookmark and replaces the bytes', async () => {
    const first = await uploadPdf(await fixturePdf('budlong.pdf'), { store, files })
    const again = new File(
      [await readFile(join(fixturesDir('pdf'), 'pdf/gatsby.pdf'))],
      'budlong.pdf',
    )
    const second = await uploadPdf(again, { store, files })
    expect(first.ok && second.ok && second.bookmarkId === first.bookmarkId).toBe(true)
    expect(second).toMatchObject({ existing: true })
    expect(store.getAllBookmarks()).toHaveLength(1)
    const stored = await files.get(first.ok ? first.bookmarkId : '')
    expect(stored?.bytes.byteLength).toBe(again.size)
  })

  it('finds the bookmark of the same local file opened in the extension viewer', async () => {
    await store.createOrUpdateEntities([
      {
        _id: 'from-extension',
        _objectStore: 'bookmarks',
        url:
          'chrome-extension://abc/viewer.html?file=' +
          encodeURIComponent('file:///home/me/gatsby.pdf'),
        createdAt: 1,
      },
    ])
    const result = await uploadPdf(await fixturePdf('gatsby.pdf'), { store, files })
    expect(result).toEqual({ ok: true, bookmarkId: 'from-extension', existing: true })
  })

  it('stores a file for a named bookmark whatever its name, and refuses a missing bookmark', async () => {
    const first = await uploadPdf(await fixturePdf('budlong.pdf'), { store, files })
    const bookmarkId = first.ok ? first.bookmarkId : ''
    await files.delete(bookmarkId)
    const renamed = new File(
      [await readFile(join(fixturesDir('pdf'), 'pdf/budlong.pdf'))],
      'copy.pdf',
    )
    expect(await uploadPdf(renamed, { store, files }, bookmarkId)).toEqual({
      ok: true,
      bookmarkId,
      existing: true,
    })
    expect((await files.get(bookmarkId))?.name).toBe('copy.pdf')
    expect(await uploadPdf(renamed, { store, files }, 'gone')).toEqual({
      ok: false,
      message: 'Could not open the page. Page not found.',
    })
  })

  it('gives the bookmark url of a file name with spaces and non-ASCII letters', () => {
    expect(getPdfBookmarkUrl('Über mich.pdf')).toBe('file:///%C3%9Cber%20mich.pdf')
  })
})
