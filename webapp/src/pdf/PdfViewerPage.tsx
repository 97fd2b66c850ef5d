// The page of an uploaded PDF (/pdf/{bookmarkId}): the PDF with its highlights when its file is on
// this device, and otherwise a notice that says where the file is and lets the person add it here.
import { Message } from '@inkmark/shared'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { forgetDeletedPdfFiles, openAppPdfFiles } from './app-pdf-files'
import { PdfDocumentView } from './PdfDocumentView'
import { isPdfBookmark } from './pdf-bookmark'
import { uploadPdf } from './upload-pdf'
import { useStoredPdf } from './use-stored-pdf'
import './pdf.css'

/** The viewer page of the PDF of bookmark `bookmarkId`. */
export function PdfViewerPage({ bookmarkId }: { bookmarkId: string }) {
  const bookmark = useLibraryQuery((library) => library.getBookmark(bookmarkId), [bookmarkId])
  const { state, reload } = useStoredPdf(bookmarkId)
  const store = useLocalStore()
  const navigate = useNavigate()
  const wasShown = useRef(false)

  useEffect(() => {
    if (bookmark) {
      wasShown.current = true
      return
    }
    if (wasShown.current) {
      // Deleted while open (its last highlight on an unstarred page, or by sync): its file goes
      // too, and the library is shown instead.
      void openAppPdfFiles()
        .then((files) => files.delete(bookmarkId))
        .catch(() => undefined)
      void navigate({ to: '/' })
    } else {
      forgetDeletedPdfFiles(store).catch(() => undefined)
    }
  }, [bookmark, bookmarkId, navigate, store])

  if (!bookmark) {
    return (
      <div className="notice" role="alert">
        <h1>PDF not found</h1>
        <p>{Message.PAGE_NOT_FOUND_IN_APP}</p>
        <p>
          <Link to="/">Back to your library</Link>
        </p>
      </div>
    )
  }
  const title = bookmark.title || bookmark.url
  if (!isPdfBookmark(bookmark)) {
    return (
      <div className="notice" role="alert">
        <h1>{title} is not a PDF</h1>
        <p>
          Only PDFs open in the PDF viewer.{' '}
          <Link to="/page/$id" params={{ id: bookmarkId }}>
            Open the page and its highlights
          </Link>
        </p>
      </div>
    )
  }
  return (
    <article className="pdf-page-view" aria-labelledby="pdf-title">
      <h1 id="pdf-title">{title}</h1>
      {state.status === 'loading' && <p role="status">Opening the PDF…</p>}
      {state.status === 'failed' && (
        <p role="alert" className="error">
          Could not read the PDF on this device. {state.message}
        </p>
      )}
      {state.status === 'missing' && (
        <MissingPdfNotice bookmarkId={bookmarkId} title={title} onStored={reload} />
      )}
      {state.status === 'found' && (
        <PdfDocumentView key={state.file.storedAt} bookmark={bookmark} file={state.file} />
      )}
    </article>
  )
}

/** The file is not on this device: say so, link the highlights, offer to add the file here. */
function MissingPdfNotice({
  bookmarkId,
  title,
  onStored,
}: {
  bookmarkId: string
  title: string
  onStored: () => void
}) {
  const store = useLocalStore()
  const inputId = useId()
  const [message, setMessage] = useState('')
  const [saving, setSaving] = useState(false)

  async function upload(file: File | undefined) {
    if (file === undefined) {
      return
    }
    setSaving(true)
    setMessage('')
    try {
      const result = await uploadPdf(file, { store, files: await openAppPdfFiles() }, bookmarkId)
      if (result.ok) {
        onStored()
      } else {
        setMessage(result.message)
      }
    } catch (error) {
      setMessage(error instanceof Error ? error.message : Message.GENERIC_ERROR)
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className="pdf-missing" aria-labelledby="pdf-missing-heading">
      <h2 id="pdf-missing-heading">This PDF is stored on another device</h2>
      <p>
        Uploaded PDFs stay on the device they were uploaded on; their highlights sync. To read{' '}
        {title} here, upload the same file on this device. Its highlights are in the{' '}
        <Link to="/page/$id" params={{ id: bookmarkId }}>
          page's notebook
        </Link>
        .
      </p>
      <label htmlFor={inputId}>Upload the PDF on this device</label>{' '}
      <input
        id={inputId}
        type="file"
        accept=".pdf,application/pdf"
        disabled={saving}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      {saving && <p role="status">Saving…</p>}
      {message !== '' && (
        <p role="alert" className="error">
          {message}
        </p>
      )}
    </section>
  )
}
