// The form for a highlight's note, the same wherever a note is written in the apps (the reader's
// highlight actions, the web app's notebook and PDF panel): the note so far in a text field that
// takes the focus, Save (or Ctrl+Enter) keeps it, Cancel (or Escape) leaves it as it was. The
// note is plain text and stays text wherever it is shown.
import { useId, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from 'react'

export interface NoteFormProps {
  /** The note so far, as plain text ('' for none). */
  note: string
  /** Called with the edited note ('' clears it), only when it changed; the form closes either way. */
  onSave: (note: string) => void
  onClose: () => void
  /** The form's class, and its buttons' (each app styles them its own way). */
  className: string
  buttonClassName: string
  style?: CSSProperties
}

/** The form for one highlight's note. */
export function NoteForm({
  note,
  onSave,
  onClose,
  className,
  buttonClassName,
  style,
}: NoteFormProps) {
  const [draft, setDraft] = useState(note)
  const fieldId = useId()

  const save = (event?: FormEvent) => {
    event?.preventDefault()
    const text = draft.trim()
    if (text !== note.trim()) {
      onSave(text)
    }
    onClose()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // The note's Escape: a panel around it stays open.
      event.preventDefault()
      event.stopPropagation()
      onClose()
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      save(event)
    }
  }

  return (
    <form
      className={className}
      aria-label="Note on this highlight"
      style={style}
      onSubmit={save}
      onKeyDown={onKeyDown}
    >
      <label htmlFor={fieldId}>Note</label>
      <textarea
        id={fieldId}
        value={draft}
        rows={4}
        // The form opens on purpose, from a button: the note is what is wanted next.
        autoFocus
        placeholder="Write a note…"
        aria-describedby={`${fieldId}-hint`}
        onChange={(event) => setDraft(event.target.value)}
      />
      <p id={`${fieldId}-hint`} className="note-form-hint">
        Ctrl+Enter saves, Escape cancels.
      </p>
      <div className="note-form-actions">
        <button type="submit" className={buttonClassName}>
          Save note
        </button>
        <button type="button" className={buttonClassName} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  )
}
