// Edits a list of tags: each tag removable, new ones typed in and cleaned by the shared rule
// (spec section 5 strips space & / \ # , + ( ) $ ~ % . ' " : * ? < > { }), duplicates ignored
// case-insensitively.
import { cleanTag } from '@inkmark/shared'
import { useId, useState, type FormEvent } from 'react'

/** Props of TagEditor. */
export interface TagEditorProps {
  tags: readonly string[]
  onChange: (tags: string[]) => void
  /** What the tags belong to, for the accessible names (e.g. 'page'). */
  subject: string
}

/** The tags as removable chips and a field that adds one. */
export function TagEditor({ tags, onChange, subject }: TagEditorProps) {
  const [draft, setDraft] = useState('')
  const inputId = useId()

  function add(event: FormEvent) {
    event.preventDefault()
    const tag = cleanTag(draft.trim())
    setDraft('')
    if (tag !== '' && !tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
      onChange([...tags, tag])
    }
  }

  return (
    <div className="tag-editor">
      {tags.length > 0 && (
        <ul className="tag-list" aria-label={`Tags of this ${subject}`}>
          {tags.map((tag) => (
            <li key={tag} className="tag">
              #{tag}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="tag-form" onSubmit={add}>
        <label htmlFor={inputId} className="visually-hidden">
          Add a tag to this {subject}
        </label>
        <input
          id={inputId}
          value={draft}
          placeholder="Add tag"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button">
          Add tag
        </button>
      </form>
    </div>
  )
}
