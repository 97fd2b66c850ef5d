// Edits a list of tags: each tag a removable chip, new ones typed in (with the library's tags
// suggested by the shared rule, spec section 5: exact, prefix, contains, then edit distance, plus
// a popularity bonus, without the tags already here) and cleaned by the shared rule (spec section
// 5 strips space & / \ # , + ( ) $ ~ % . ' " : * ? < > { }), duplicates ignored case-insensitively.
import { Button, TagChip, TagChipList, TagSuggestField } from '@inkmark/design'
import { topTagSuggestions, withAddedTag } from '@inkmark/shared'
import { useState, type FormEvent } from 'react'
import { useLibraryQuery } from '../library/LibraryProvider'

/** Props of TagEditor. */
export interface TagEditorProps {
  tags: readonly string[]
  onChange: (tags: string[]) => void
  /** What the tags belong to, for the accessible names (e.g. 'page'). */
  subject: string
}

/** The tags as removable chips and a field that adds one, with suggestions. */
export function TagEditor({ tags, onChange, subject }: TagEditorProps) {
  const [draft, setDraft] = useState('')
  const libraryTags = useLibraryQuery((store) => store.getAllTags(), [])
  const suggestions = useLibraryQuery(
    () => topTagSuggestions(draft, libraryTags, tags),
    [draft, libraryTags, tags.join('\n')],
  )

  function addTag(typed: string) {
    setDraft('')
    const next = withAddedTag(tags, typed)
    if (next.length !== tags.length) {
      onChange(next)
    }
  }

  function add(event: FormEvent) {
    event.preventDefault()
    addTag(draft)
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
        <TagSuggestField
          label={`Add a tag to this ${subject}`}
          placeholder="Add tag"
          value={draft}
          onValueChange={setDraft}
          suggestions={suggestions}
          onAdd={addTag}
        />
        <Button type="submit" variant="secondary">
          Add tag
        </Button>
      </form>
    </div>
  )
}
