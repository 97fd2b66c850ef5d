// The PDF viewer page: the PDF named by the page's `file` parameter, opened with the shared viewer
// core (@inkmark/shared/pdf) and highlighted through pdf-highlighter.ts; the preparation notice
// while it opens, and a clear message when there is no PDF to show or it cannot be read. The core
// puts in the Map upsert methods pdf.js needs in Firefox ESR (shared/src/pdf/map-upsert.ts).
import { getPdfFileUrl, Message } from '@inkmark/shared'
import { openPdfViewer, type PdfViewer } from '@inkmark/shared/pdf'
import { useEffect, useRef, useState } from 'react'
import { startPdfHighlighter, type PdfHighlighter } from './pdf-highlighter'
import { pdfWorker } from './pdf-worker'
import { VIEWER_CSS } from './viewer-styles'

interface PdfViewerPageProps {
  /** The page's own address (its `file` parameter names the PDF). */
  pageUrl: string
}

/** The whole viewer page. */
export function PdfViewerPage({ pageUrl }: PdfViewerPageProps) {
  const file = getPdfFileUrl(pageUrl)
  const pages = useRef<HTMLDivElement>(null)
  const [notice, setNotice] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [title, setTitle] = useState('PDF')

  useEffect(() => {
    document.title = failure ?? title
  }, [failure, title])

  useEffect(() => {
    const container = pages.current
    if (file === null || container === null) {
      return
    }
    let cancelled = false
    let viewer: PdfViewer | undefined
    let highlighter: PdfHighlighter | null = null
    void (async () => {
      try {
        viewer = await openPdfViewer(container, file, {
          workerPort: pdfWorker(),
          onProgress: (progress) => setNotice(progress?.message ?? ''),
          onSelection: (selection) => highlighter?.onSelection(selection),
          onMarkActivate: (markId, element) => highlighter?.openToolboxOf(markId, element),
        })
        if (cancelled) {
          await viewer.destroy()
          return
        }
        setTitle(viewer.title)
        highlighter = await startPdfHighlighter(viewer)
      } catch (error) {
        if (!cancelled) {
          setNotice('')
          setFailure(error instanceof Error ? error.message : Message.GENERIC_ERROR)
        }
      }
    })()
    return () => {
      cancelled = true
      highlighter?.stop()
      void viewer?.destroy()
    }
  }, [file])

  return (
    <>
      <style>{VIEWER_CSS}</style>
      <header className="viewer-bar">
        <span className="viewer-brand">Inkmark</span>
        <h1 className="viewer-title">{file === null ? 'PDF viewer' : title}</h1>
      </header>
      <div className="viewer-notice" role="status" aria-live="polite">
        {notice}
      </div>
      <main aria-label="PDF pages">
        {file === null ? (
          <section className="viewer-message">
            <h2>No PDF to show</h2>
            <p>
              Open a PDF link or a PDF file in the browser and Inkmark shows it here, ready for
              highlighting.
            </p>
          </section>
        ) : failure !== null ? (
          <section className="viewer-message" role="alert">
            <h2>{failure}</h2>
            <p>This PDF could not be opened:</p>
            <p className="viewer-file">{file}</p>
          </section>
        ) : null}
        <div ref={pages} hidden={file === null || failure !== null} />
      </main>
    </>
  )
}
