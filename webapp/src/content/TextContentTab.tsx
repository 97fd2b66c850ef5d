// The Text tab of add-content: a title and the rich-text editor; Save creates the user content
// and opens it at /content/{id}. The draft is kept until it is saved (text-draft.ts).
import { Message } from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useId, useMemo, useRef, useState, type FormEvent } from 'react'
import type { Descendant } from 'slate'
import { useLocalStore } from '../library/LibraryProvider'
import { RichTextEditor } from './RichTextEditor'
import { isDocumentEmpty } from './content-document'
import {
  clearTextDraft,
  loadTextDraft,
  saveTextDraft,
  sessionStorageOrUndefined,
} from './text-draft'
import { createUserContent } from './user-content'

/** The message shown when Save is pressed with nothing written. */
export const EMPTY_TEXT_MESSAGE = 'Write a title or some text first.'

/** The Text tab. */
export function TextContentTab() {
  const store = useLocalStore()
  const navigate = useNavigate()
  const storage = useMemo(sessionStorageOrUndefined, [])
  const initial = useMemo(() => loadTextDraft(storage), [storage])
  const [title, setTitle] = useState(initial.title)
  const document = useRef<Descendant[]>(initial.document)
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const titleId = useId()
  const textLabelId = useId()
  const errorId = useId()

  async function save(event: FormEvent) {
    event.preventDefault()
    if (title.trim() === '' && isDocumentEmpty(document.current)) {
      setError(EMPTY_TEXT_MESSAGE)
      return
    }
    setSaving(true)
    setError('')
    try {
      const id = await createUserContent(
        store,
        { title, document: document.current },
        window.location.origin,
      )
      clearTextDraft(storage)
      void navigate({ to: '/content/$id', params: { id } })
    } catch (failure) {
      setSaving(false)
      setError(
        failure instanceof Error && failure.message !== ''
          ? failure.message
          : Message.GENERIC_ERROR,
      )
    }
  }

  return (
    <form className="add-content-form" onSubmit={(event) => void save(event)} noValidate>
      <label htmlFor={titleId} className="field-label">
        Title
      </label>
      <input
        id={titleId}
        type="text"
        className="content-title-input"
        value={title}
        placeholder="Untitled"
        onChange={(event) => {
          setTitle(event.target.value)
          setError('')
          saveTextDraft(storage, { title: event.target.value, document: document.current })
        }}
      />
      <p id={textLabelId} className="field-label">
        Text
      </p>
      <RichTextEditor
        initialValue={initial.document}
        labelledBy={textLabelId}
        placeholder="Write here…"
        onChange={(value) => {
          document.current = value
          setError('')
          saveTextDraft(storage, { title, document: value })
        }}
      />
      {error !== '' && (
        <p id={errorId} className="error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}
