// The note of a highlight an import skips as a duplicate is not dropped: it goes to the highlight
// that is kept (further up the same file, or already in the library). A Kindle writes a highlight
// again each time it is extended and puts the note after the last copy, and a clippings file is
// imported again as it grows, so the note most often sits on the copy that is skipped.
import type { Mark } from '../domain/entities/mark'
import { markNoteText } from '../domain/entities/mark'

/** The paragraphs of a note: blocks between blank lines, trimmed, empty ones dropped. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
}

/**
 * The note fields of `kept` with `note` added after its own note (as new paragraphs), or null
 * when every paragraph of `note` is already there. A note kept as rich text gets the words as a
 * new line of its rich text, so neither form loses them.
 */
export function withAddedNote(
  kept: Pick<Mark, 'notes' | 'richText'>,
  note: string,
): Pick<Mark, 'notes' | 'richText'> | null {
  const had = paragraphsOf(markNoteText(kept))
  const added = paragraphsOf(note).filter((paragraph) => !had.includes(paragraph))
  if (added.length === 0) {
    return null
  }
  const text = added.join('\n\n')
  const notes = (kept.notes ?? '').trim()
  const richText = kept.richText ?? []
  return {
    notes:
      notes === '' && richText.length > 0 ? kept.notes : [notes, text].filter(Boolean).join('\n\n'),
    richText: richText.length === 0 ? kept.richText : [...richText, { insert: `${text}\n` }],
  }
}
