// The colours offered for a selection in the reader: a small toolbar beside the selection, one
// named button per colour ("Highlight yellow"). It takes focus when it opens from the keyboard;
// Escape closes it and gives the selection back to the article. For a highlight already made, the
// same toolbar changes its colour (the current one pressed) and offers its note and Delete.
import { READER_PALETTE } from '../reader/reader-palette'
import { useEffect, useRef, type KeyboardEvent } from 'react'

export interface HighlightPaletteProps {
  /** Where the selection ends, in viewport pixels. */
  at: { left: number; top: number }
  /** Whether to move focus into the palette (it was opened from the keyboard). */
  focusFirst: boolean
  onPick: (color: string) => void
  onClose: () => void
  /** For a highlight already made: its colour (shown pressed), its note and its deletion. */
  existing?: { color: string; hasNote: boolean; onNote: () => void; onDelete: () => void }
}

/** The palette for the current selection. */
export function HighlightPalette({
  at,
  focusFirst,
  onPick,
  onClose,
  existing,
}: HighlightPaletteProps) {
  const first = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (focusFirst) {
      first.current?.focus()
    }
  }, [focusFirst])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    }
  }
  return (
    <div
      className="reader-palette"
      role="toolbar"
      aria-label={existing ? 'Highlight actions' : 'Highlight colours'}
      style={{ left: `${at.left}px`, top: `${at.top}px` }}
      onKeyDown={onKeyDown}
      // Keep the selection: a press on the palette must not collapse it before the click.
      onMouseDown={(event) => event.preventDefault()}
    >
      {READER_PALETTE.map((swatch, index) => (
        <button
          key={swatch.color}
          ref={index === 0 ? first : undefined}
          type="button"
          className="reader-swatch"
          aria-label={existing ? `Colour ${swatch.name}` : `Highlight ${swatch.name}`}
          aria-pressed={existing ? existing.color.toLowerCase() === swatch.color : undefined}
          data-color={swatch.color}
          style={{ background: swatch.color }}
          onClick={() => onPick(swatch.color)}
        />
      ))}
      {existing && (
        <>
          <button type="button" className="reader-action" onClick={existing.onNote}>
            {existing.hasNote ? 'Edit note' : 'Add note'}
          </button>
          <button type="button" className="reader-action reader-delete" onClick={existing.onDelete}>
            Delete
          </button>
        </>
      )}
    </div>
  )
}
