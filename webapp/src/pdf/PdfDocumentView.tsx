// The stored PDF, shown page by page with a canvas and a text layer, after the preparation notice
// ('Preparing PDF file: {page}/{total}', then 'PDF is ready! Enjoy highlighting.' for 2.5 s).
import { Message, preparingPdfMessage, type Bookmark } from '@inkmark/shared'
import { TextLayer, getDocument } from 'pdfjs-dist'
import { useEffect, useRef, useState } from 'react'
import type { StoredPdfFile } from './pdf-file-store'
import { setUpPdfWorker } from './pdf-worker'

/** How long the ready notice stays (the spec's 2.5 s). */
export const PDF_READY_NOTICE_MS = 2500

type Preparation =
  | { status: 'preparing'; page: number; total: number }
  | { status: 'ready' }
  | { status: 'shown' }
  | { status: 'failed'; message: string }

/** The PDF of `bookmark` from its stored file. */
export function PdfDocumentView({ file }: { bookmark: Bookmark; file: StoredPdfFile }) {
  const pagesRef = useRef<HTMLDivElement>(null)
  const [preparation, setPreparation] = useState<Preparation>({
    status: 'preparing',
    page: 0,
    total: 0,
  })

  useEffect(() => {
    setUpPdfWorker()
    const container = pagesRef.current
    if (!container) {
      return
    }
    let live = true
    // pdf.js takes the buffer over (it is transferred to the worker): give it a copy.
    const task = getDocument({ data: new Uint8Array(file.bytes.slice(0)) })
    void (async () => {
      const document = await task.promise
      for (let index = 1; index <= document.numPages && live; index += 1) {
        setPreparation({ status: 'preparing', page: index, total: document.numPages })
        const page = await document.getPage(index)
        const viewport = page.getViewport({ scale: 1.25 })
        const frame = window.document.createElement('div')
        frame.className = 'inkmark-pdf-page'
        frame.style.width = `${viewport.width}px`
        frame.style.height = `${viewport.height}px`
        const canvas = window.document.createElement('canvas')
        canvas.width = viewport.width
        canvas.height = viewport.height
        const layer = window.document.createElement('div')
        layer.className = 'textLayer'
        frame.append(canvas, layer)
        container.append(frame)
        await page.render({ canvas, viewport }).promise
        await new TextLayer({
          textContentSource: page.streamTextContent(),
          container: layer,
          viewport,
        }).render()
      }
      if (live) {
        setPreparation({ status: 'ready' })
      }
    })().catch((error: unknown) => {
      if (live) {
        setPreparation({
          status: 'failed',
          message: error instanceof Error ? error.message : Message.GENERIC_ERROR,
        })
      }
    })
    return () => {
      live = false
      void task.destroy()
      container.replaceChildren()
    }
  }, [file])

  useEffect(() => {
    if (preparation.status !== 'ready') {
      return
    }
    const timer = setTimeout(() => setPreparation({ status: 'shown' }), PDF_READY_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [preparation.status])

  return (
    <div className="pdf-document">
      <div role="status" className="pdf-preparation">
        {preparation.status === 'preparing' &&
          preparingPdfMessage(preparation.page, preparation.total)}
        {preparation.status === 'ready' && Message.PDF_READY}
      </div>
      {preparation.status === 'failed' && (
        <p role="alert" className="error">
          Could not show this PDF. {preparation.message}
        </p>
      )}
      <div ref={pagesRef} className="inkmark-pdf-pages" />
    </div>
  )
}
