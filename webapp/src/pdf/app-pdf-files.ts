// The web app's one handle on the uploaded-PDF database, opened on first use and kept for the life
// of the tab (as `openLibrary` does for the library): the upload tab and the viewer share it. Also
// the clean-up of files whose bookmark was deleted (here, from the notebook, or by sync).
import { ObjectStore, type LocalStore } from '@inkmark/shared'
import { deletePdfFilesOfDeleted, openPdfFileStore, type PdfFileStore } from './pdf-file-store'

let opening: Promise<PdfFileStore> | undefined

/** The uploaded PDFs of this origin. */
export function openAppPdfFiles(): Promise<PdfFileStore> {
  opening ??= openPdfFileStore()
  // A failed open (storage blocked, say) may succeed when the person tries again.
  opening.catch(() => {
    opening = undefined
  })
  return opening
}

/**
 * Removes the files of bookmarks the library knows as deleted, and of bookmarks it does not know
 * at all after a grace period (a never-synced bookmark leaves no deletion record; a bookmark this
 * tab has not seen yet may be one being created right now, see pdf-file-store.ts).
 */
export async function forgetDeletedPdfFiles(store: LocalStore): Promise<number> {
  const files = await openAppPdfFiles()
  return deletePdfFilesOfDeleted(files, (id) => {
    const stored = store.getStoredEntity({ _id: id, _objectStore: ObjectStore.BOOKMARKS })
    return stored === undefined ? 'unknown' : stored.deletedAt !== undefined ? 'deleted' : 'present'
  })
}
