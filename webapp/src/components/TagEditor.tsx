// Edits a list of tags: each tag a removable chip, new ones typed in and cleaned by the shared rule
// (spec section 5 strips space & / \ # , + ( ) $ ~ % . ' " : * ? < > { }), duplicates ignored
// case-insensitively.
import { Button, TagChip, TagChipList } from '@inkmark/design'
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
        <TagChipList label={`Tags of this ${subject}`} className="tag-list">
          {tags.map((tag) => (
            <li key={tag}>
              <TagChip
                tag={tag}
                className="tag"
                onRemove={() => onChange(tags.filter((other) => other !== tag))}
              />
            </li>
          ))}
        </TagChipList>
      )}
      <form className="tag-form" onSubmit={add}>
        <label htmlFor={inputId} className="visually-hidden">
          Add a tag to this {subject}
        </label>
        <input
          id={inputId}
          className="ink-input"
          value={draft}
          placeholder="Add tag"
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Add tag
        </Button>
      </form>
    </div>
  )
}
