// The PDF tab of the add-content dialog: choose or drop a PDF, and it is checked, kept on this
// device, given a bookmark, and opened in the viewer (/pdf/{bookmarkId}).
//
// Props (stable; the add-content dialog renders this):
//   onDone(): called once the PDF is stored, right before the viewer route is opened; the dialog
//             closes itself there. Not called when the file is refused (the message shows here).
import { Message, formatBytes } from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { useLocalStore } from '../library/LibraryProvider'
import { forgetDeletedPdfFiles, openAppPdfFiles } from './app-pdf-files'
import { MAX_PDF_BYTES } from './pdf-file-check'
import { uploadPdf } from './upload-pdf'
import './pdf.css'

/** Props of PdfUploadTab. */
export interface PdfUploadTabProps {
  /** Called once the PDF is stored, right before its viewer opens. */
  onDone: () => void
}

type UploadState =
  { status: 'idle' } | { status: 'saving'; name: string } | { status: 'refused'; message: string }

/** Upload a PDF into the library. */
export function PdfUploadTab({ onDone }: PdfUploadTabProps) {
  const store = useLocalStore()
  const navigate = useNavigate()
  const inputId = useId()
  const hintId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [state, setState] = useState<UploadState>({ status: 'idle' })
  const [dragging, setDragging] = useState(false)

  // A good moment to drop the files of PDFs deleted since (their bytes would only take room).
  useEffect(() => {
    forgetDeletedPdfFiles(store).catch(() => undefined)
  }, [store])

  async function upload(file: File | undefined) {
    if (file === undefined || state.status === 'saving') {
      return
    }
    setState({ status: 'saving', name: file.name })
    try {
      const files = await openAppPdfFiles()
      const result = await uploadPdf(file, { store, files })
      if (!result.ok) {
        setState({ status: 'refused', message: result.message })
        return
      }
      onDone()
      void navigate({ to: '/pdf/$id', params: { id: result.bookmarkId } })
    } catch (error) {
      setState({
        status: 'refused',
        message:
          error instanceof Error && error.message !== '' ? error.message : Message.GENERIC_ERROR,
      })
    } finally {
      // The same file chosen again after a refusal fires `change` again.
      if (inputRef.current) {
        inputRef.current.value = ''
      }
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    void upload(event.dataTransfer.files[0])
  }

  return (
    <div className="pdf-upload">
      <div
        className={dragging ? 'pdf-drop-zone dragging' : 'pdf-drop-zone'}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId} className="pdf-upload-label">
          Choose a PDF file
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept=".pdf,application/pdf"
          aria-describedby={hintId}
          disabled={state.status === 'saving'}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
        <p id={hintId} className="pdf-upload-hint">
          Or drop it here. Up to {formatBytes(MAX_PDF_BYTES)}. The file stays on this device; its
          highlights sync with your library.
        </p>
      </div>
      {state.status === 'saving' && (
        <p role="status" className="pdf-upload-status">
          Saving {state.name}…
        </p>
      )}
      {state.status === 'refused' && (
        <p role="alert" className="error">
          {state.message}
        </p>
      )}
    </div>
  )
}
