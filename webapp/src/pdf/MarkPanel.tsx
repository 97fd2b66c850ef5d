// What can be done with a highlight clicked (or opened with Enter) in the PDF: see its text,
// change its colour, write its note, delete it, open it in the notebook. The panel takes the focus
// when it opens and gives it back to the highlight when it closes (Escape or Close).
import { markNoteText, offeredHighlightColors, type Mark } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { NoteEditor } from '../components/NoteEditor'
import { HighlightSwatches } from './HighlightSwatches'

/** Props of MarkPanel. */
export interface MarkPanelProps {
  mark: Mark
  recentColors: readonly string[]
  mode: 'BASIC' | 'EXPERT'
  onRecolor: (color: string) => void
  onNoteChange: (note: string) => void
  onDelete: () => void
  onClose: () => void
}

/** The panel of the opened highlight. */
export function MarkPanel({
  mark,
  recentColors,
  mode,
  onRecolor,
  onNoteChange,
  onDelete,
  onClose,
}: MarkPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus()
  }, [mark._id])

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    }
  }

  return (
    <section
      className="pdf-mark-panel"
      aria-labelledby="pdf-mark-panel-heading"
      onKeyDown={onKeyDown}
    >
      <h2 id="pdf-mark-panel-heading" ref={headingRef} tabIndex={-1}>
        Highlight
      </h2>
      <blockquote className="pdf-mark-text">{mark.text}</blockquote>
      <HighlightSwatches
        verb="Change colour to"
        colors={offeredHighlightColors([mark.color, ...recentColors], mode)}
        selected={mark.color}
        onPick={onRecolor}
      />
      <NoteEditor note={markNoteText(mark)} onSave={onNoteChange} />
      <div className="pdf-mark-actions">
        <button type="button" className="button danger" onClick={onDelete}>
          Delete highlight
        </button>
        <Link to="/page/$id" params={{ id: mark._bookmark }} hash={`mark-${mark._id}`}>
          Open in notebook
        </Link>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  )
}
