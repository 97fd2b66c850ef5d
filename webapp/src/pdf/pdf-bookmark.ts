// How an uploaded PDF appears in the library. Its bookmark's url is the local-file address
// `file:///{name}`: the spec matches local files by file name, so the same PDF opened from disk
// in the extension's viewer (`viewer.html?file=file:///…/name.pdf`) is the same page, with the
// same highlights, and uploading a file of that name again finds the existing bookmark.
import { ObjectStore, createBookmark, type Bookmark } from '@inkmark/shared'

/** `meta.type` of a bookmark made by uploading a PDF in the web app. */
export const UPLOADED_PDF_META_TYPE = 'pdf'

/** The page url of an uploaded PDF named `fileName`. */
export function getPdfBookmarkUrl(fileName: string): string {
  return `file:///${encodeURIComponent(fileName)}`
}

/** The title shown for a PDF named `fileName`: the name without its .pdf ending. */
export function getPdfTitle(fileName: string): string {
  const title = fileName.replace(/\.pdf$/i, '').trim()
  return title === '' ? fileName : title
}

/**
 * A new bookmark for an uploaded PDF. It is saved (starred) because uploading is saving: the
 * spec deletes an unstarred bookmark with its last highlight, which would make a PDF vanish from
 * the library when its only highlight is removed.
 */
export function createPdfBookmark(id: string, fileName: string, now: number): Bookmark {
  const title = getPdfTitle(fileName)
  return createBookmark(
    {
      _id: id,
      _objectStore: ObjectStore.BOOKMARKS,
      url: getPdfBookmarkUrl(fileName),
      title,
      isStarred: true,
      meta: { type: UPLOADED_PDF_META_TYPE, title },
    },
    now,
  )
}

/** Whether `bookmark` was made by uploading a PDF. */
export function isUploadedPdfBookmark(bookmark: Pick<Bookmark, 'meta'>): boolean {
  return bookmark.meta?.type === UPLOADED_PDF_META_TYPE
}

/**
 * Whether `bookmark` is a PDF the viewer can show: uploaded here or elsewhere, or a PDF the
 * extension's viewer saved (its url is the PDF's own address, ending in .pdf).
 */
export function isPdfBookmark(bookmark: Pick<Bookmark, 'meta' | 'url'>): boolean {
  if (isUploadedPdfBookmark(bookmark)) {
    return true
  }
  const path = bookmark.url.split(/[?#]/)[0] ?? ''
  return /\.pdf$/i.test(path)
}
