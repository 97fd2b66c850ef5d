// The stored PDF with its highlights, on the shared viewer core (@inkmark/shared/pdf): the
// preparation notice, a toolbar to highlight the selected text in a colour, the highlights of the
// bookmark painted again whenever the library changes (here or by sync), and a panel for a
// clicked highlight (colour, note, delete). Alt+S highlights in the default colour, Alt+A in the
// last.
import {
  countLabel,
  HighlighterMode,
  Message,
  ObjectStore,
  addRecentColor,
  noteChanges,
  offeredHighlightColors,
  type Bookmark,
  type Mark,
} from '@inkmark/shared'
import { openPdfViewer, type PdfSelection, type PdfViewer } from '@inkmark/shared/pdf'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { isEditableTarget } from '../lib/keyboard'
import { recordProductEvent } from '../settings/usage-counts'
import { HighlightSwatches } from './HighlightSwatches'
import { MarkPanel } from './MarkPanel'
import { createPdfTextMark, toPdfMarks } from './pdf-marks'
import type { StoredPdfFile } from './pdf-file-store'
import { PDF_WORKER_SRC } from './pdf-worker'

/** Props of PdfDocumentView. */
export interface PdfDocumentViewProps {
  bookmark: Bookmark
  file: StoredPdfFile
}

/** The PDF of `bookmark` from its stored file, with highlighting. */
export function PdfDocumentView({ bookmark, file }: PdfDocumentViewProps) {
  const store = useLocalStore()
  const marks = useLibraryQuery(
    (library) => library.getMarksForBookmark(bookmark._id),
    [bookmark._id],
  )
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])
  const pagesRef = useRef<HTMLDivElement>(null)
  const openedFrom = useRef<HTMLElement | null>(null)
  const [viewer, setViewer] = useState<PdfViewer | null>(null)
  const [notice, setNotice] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [selection, setSelection] = useState<PdfSelection | null>(null)
  const [openMarkId, setOpenMarkId] = useState<string | null>(null)
  const [unplaced, setUnplaced] = useState(0)
  const [status, setStatus] = useState('')
  const [lastColor, setLastColor] = useState<string | undefined>(undefined)

  useEffect(() => {
    const region = pagesRef.current
    if (region === null) {
      return
    }
    // Each opening gets an element of its own: a viewer still opening when the effect is undone
    // (React's StrictMode runs effects twice) empties only its own element when it is destroyed.
    const container = region.ownerDocument.createElement('div')
    region.append(container)
    let cancelled = false
    let opened: PdfViewer | undefined
    openPdfViewer(container, file.bytes, {
      workerSrc: PDF_WORKER_SRC,
      onProgress: (progress) => !cancelled && setNotice(progress?.message ?? ''),
      onSelection: (next) => !cancelled && setSelection(next),
      onMarkActivate: (markId, element) => {
        openedFrom.current = element
        setOpenMarkId(markId)
      },
    }).then(
      (ready) => {
        opened = ready
        if (cancelled) {
          void ready.destroy()
        } else {
          setViewer(ready)
        }
      },
      (error: unknown) => {
        if (!cancelled) {
          setNotice('')
          setFailure(error instanceof Error ? error.message : Message.GENERIC_ERROR)
        }
      },
    )
    return () => {
      cancelled = true
      setViewer(null)
      container.remove()
      void opened?.destroy()
    }
  }, [file])

  const pdfMarks = useMemo(() => toPdfMarks(marks), [marks])
  useEffect(() => {
    if (viewer === null) {
      return
    }
    let live = true
    viewer.setMarks(pdfMarks).then(
      (placement) => live && setUnplaced(placement.unplaced.length),
      () => live && setStatus(Message.COULD_NOT_APPLY_HIGHLIGHTS),
    )
    return () => {
      live = false
    }
  }, [viewer, pdfMarks])

  const recentColors = settings.recentColors
  const mode = settings.highlighterMode
  const defaultColor = settings.defaultHighlightColor

  async function highlight(color: string) {
    const chosen = viewer?.currentSelection() ?? null
    if (chosen === null) {
      setStatus(`${Message.NO_TEXT_SELECTED}. Select text in the PDF, then choose a colour.`)
      return
    }
    const mark = createPdfTextMark(bookmark, chosen, color, store.createId(), store.now())
    try {
      const { rejected } = await store.createOrUpdateEntities([mark])
      if (rejected.length > 0) {
        setStatus(rejected[0]?.message ?? Message.GENERIC_ERROR)
        return
      }
      recordProductEvent('highlight_created')
      await store.updateChromeSettings({ recentColors: addRecentColor(recentColors, color) })
      setLastColor(color)
      window.getSelection()?.removeAllRanges()
      setSelection(null)
      setStatus('Highlighted.')
    } catch {
      setStatus(Message.GENERIC_ERROR)
    }
  }

  // The spec's shortcuts, while this viewer is open.
  const shortcut = useRef(highlight)
  shortcut.current = highlight
  const lastOrDefault = lastColor ?? recentColors[0] ?? defaultColor
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Alt+S in the search box or another field is typing, not highlighting.
      if (!event.altKey || event.ctrlKey || event.metaKey || isEditableTarget(event.target)) {
        return
      }
      if (event.code === 'KeyS' || event.code === 'KeyA') {
        event.preventDefault()
        void shortcut.current(event.code === 'KeyS' ? defaultColor : lastOrDefault)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [defaultColor, lastOrDefault])

  const openMark = marks.find((mark) => mark._id === openMarkId)
  function closePanel() {
    setOpenMarkId(null)
    const back = openedFrom.current
    // The highlight may have been repainted (colour change): focus its current first wrapper.
    const current =
      back?.isConnected === true
        ? back
        : pagesRef.current?.querySelector<HTMLElement>(
            `.inkmark-highlight[markid="${CSS.escape(openMarkId ?? '')}"][tabindex]`,
          )
    current?.focus()
  }

  function changeMark(mark: Mark, changes: Partial<Mark>, done: string) {
    store
      .updateMarkFields(mark._id, changes)
      .then(({ rejected }) => setStatus(rejected[0]?.message ?? done))
      .catch(() => setStatus(Message.GENERIC_ERROR))
  }

  function deleteMark(mark: Mark) {
    setOpenMarkId(null)
    store
      .markEntitiesAsDeleted([{ _id: mark._id, _objectStore: ObjectStore.MARKS }])
      .then(() => {
        setStatus('Highlight deleted.')
        pagesRef.current?.focus()
      })
      .catch(() => setStatus(Message.GENERIC_ERROR))
  }

  return (
    <div className="pdf-document">
      <div className="pdf-toolbar">
        <div className="pdf-notice" role="status">
          {notice}
        </div>
        {failure !== null && (
          <p role="alert" className="error">
            {failure}
          </p>
        )}
        {viewer !== null && (
          <>
            <div className="pdf-highlight-bar">
              <span className="pdf-highlight-hint">
                {selection === null
                  ? 'Select text in the PDF, then choose a colour:'
                  : 'Highlight the selected text:'}
              </span>
              <HighlightSwatches
                verb="Highlight"
                colors={offeredHighlightColors(
                  recentColors,
                  mode === HighlighterMode.EXPERT ? 'EXPERT' : 'BASIC',
                )}
                onPick={(color) => void highlight(color)}
              />
              <Link to="/page/$id" params={{ id: bookmark._id }}>
                Notebook ({marks.length})
              </Link>
            </div>
            <p className="pdf-status" role="status">
              {status}
              {unplaced > 0 &&
                ` ${countLabel(unplaced, 'highlight')} could not be found in this PDF; the notebook lists ${unplaced === 1 ? 'it' : 'them'}.`}
            </p>
            {openMark !== undefined && (
              <MarkPanel
                mark={openMark}
                recentColors={recentColors}
                mode={mode === HighlighterMode.EXPERT ? 'EXPERT' : 'BASIC'}
                onRecolor={(color) => changeMark(openMark, { color }, 'Colour changed.')}
                onNoteChange={(note) => changeMark(openMark, noteChanges(note), 'Note saved.')}
                onDelete={() => deleteMark(openMark)}
                onClose={closePanel}
              />
            )}
          </>
        )}
      </div>
      <div
        ref={pagesRef}
        className="pdf-pages"
        role="region"
        aria-label="PDF pages"
        // Focusable so the pages can be scrolled with the keyboard.
        tabIndex={0}
      />
    </div>
  )
}
