// The web app's one handle on the uploaded-PDF database, opened on first use and kept for the life
// of the tab (as `openLibrary` does for the library): the upload tab and the viewer share it.
import { openPdfFileStore, type PdfFileStore } from './pdf-file-store'

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
