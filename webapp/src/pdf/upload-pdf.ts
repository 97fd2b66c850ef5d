// Uploading a PDF: check it, keep its bytes on this device, and give it a bookmark, in that order
// so that a refused file stores nothing and a failed bookmark write leaves no stray bytes. A file
// with the name of a PDF already in the library (same page by the spec's file-name rule) replaces
// that PDF's bytes and keeps its bookmark and highlights.
import { Message, type LocalStore } from '@inkmark/shared'
import { PDF_HEADER_SEARCH_BYTES, checkPdfFile, checkPdfFileSize } from './pdf-file-check'
import { createPdfBookmark, getPdfBookmarkUrl } from './pdf-bookmark'
import type { PdfFileStore } from './pdf-file-store'

/** The parts of a `File` an upload reads. */
export interface PdfUpload {
  name: string
  size: number
  slice(start?: number, end?: number): Blob
  arrayBuffer(): Promise<ArrayBuffer>
}

/** Where an upload goes. */
export interface PdfUploadTarget {
  store: LocalStore
  files: PdfFileStore
}

/** The bookmark of the stored PDF (and whether it existed before), or why nothing was stored. */
export type PdfUploadResult =
  { ok: true; bookmarkId: string; existing: boolean } | { ok: false; message: string }

/**
 * Checks `file` and stores it with its bookmark. With `forBookmarkId` (a PDF whose file is on
 * another device), the file becomes that bookmark's file whatever its name.
 */
export async function uploadPdf(
  file: PdfUpload,
  target: PdfUploadTarget,
  forBookmarkId?: string,
): Promise<PdfUploadResult> {
  // The size first: a 2 GB file is refused before a byte of it is read.
  const size = checkPdfFileSize(file)
  if (!size.ok) {
    return size
  }
  const head = new Uint8Array(await file.slice(0, PDF_HEADER_SEARCH_BYTES).arrayBuffer())
  const check = checkPdfFile(file, head)
  if (!check.ok) {
    return check
  }
  const bytes = await file.arrayBuffer()
  const { store, files } = target
  const existing =
    forBookmarkId === undefined
      ? store.getBookmarkForUrl(getPdfBookmarkUrl(file.name))
      : store.getBookmark(forBookmarkId)
  if (forBookmarkId !== undefined && existing === undefined) {
    return { ok: false, message: Message.PAGE_NOT_FOUND_IN_APP }
  }
  const bookmarkId = existing?._id ?? store.createId()
  try {
    await files.put({ bookmarkId, name: file.name, bytes, storedAt: store.now() })
  } catch (error) {
    return { ok: false, message: storageMessage(error) }
  }
  if (existing !== undefined) {
    return { ok: true, bookmarkId, existing: true }
  }
  const failure = await store
    .createOrUpdateEntities([createPdfBookmark(bookmarkId, file.name, store.now())])
    .then(
      ({ saved, rejected }) =>
        saved.includes(bookmarkId) ? null : (rejected[0]?.message ?? Message.GENERIC_ERROR),
      (error: unknown) => (error instanceof Error ? error.message : Message.GENERIC_ERROR),
    )
  if (failure !== null) {
    await files.delete(bookmarkId)
    return { ok: false, message: failure }
  }
  return { ok: true, bookmarkId, existing: false }
}

function storageMessage(error: unknown): string {
  if (error instanceof DOMException && error.name === 'QuotaExceededError') {
    return 'This browser has no room left to keep the PDF. Free some space and try again.'
  }
  return `The PDF could not be kept on this device. ${error instanceof Error ? error.message : ''}`.trim()
}
