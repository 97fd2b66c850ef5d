// A highlight's note in the web app (notebook, PDF panel): shown as text with an "Edit note"
// button ("Add note" when there is none), edited in place with the shared note form; closing the
// form gives the focus back to the button that opened it. The note is plain text, shown as text.
import { NoteForm } from '@inkmark/shared/reader-ui'
import { useEffect, useRef, useState } from 'react'
import './note-editor.css'

/** Props of NoteEditor. */
export interface NoteEditorProps {
  /** The note as plain text ('' when there is none). */
  note: string
  /** Stores the edited note ('' clears it); called only when the text changed. */
  onSave: (note: string) => void
}

/** The note of one highlight, with its editor. */
export function NoteEditor({ note, onSave }: NoteEditorProps) {
  const [editing, setEditing] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false
      opener.current?.focus()
    }
  }, [editing])

  if (editing) {
    return (
      <NoteForm
        className="note-editor"
        buttonClassName="button"
        note={note}
        onSave={onSave}
        onClose={() => {
          returnFocus.current = true
          setEditing(false)
        }}
      />
    )
  }
  return (
    <div className="note-view">
      {note !== '' && (
        <div className="mark-note">
          <span className="visually-hidden">Note: </span>
          {note}
        </div>
      )}
      <button ref={opener} type="button" className="button" onClick={() => setEditing(true)}>
        {note === '' ? 'Add note' : 'Edit note'}
      </button>
    </div>
  )
}
