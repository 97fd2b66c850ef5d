// What the share control starts from and edits before it is saved (ADR 062). A page not shared
// yet starts with every highlight shown and every note hidden (the default, privacy first
// for notes); a shared page starts as it is published: its highlights not PRIVATE, and the notes
// marked public.
import {
  Permission,
  countLabel,
  type Bookmark,
  type Mark,
  type SharingChoice,
} from '@inkmark/shared'

export type ShareDraft = SharingChoice

/** The choice the control opens with for `bookmark` and its highlights. */
export function initialDraft(
  bookmark: Pick<Bookmark, 'permission'>,
  marks: readonly Pick<Mark, '_id' | 'permission' | 'isNotePublic'>[],
): ShareDraft {
  if (bookmark.permission === Permission.PRIVATE) {
    return {
      permission: Permission.PRIVATE,
      shownMarkIds: marks.map((mark) => mark._id),
      noteShownMarkIds: [],
    }
  }
  const shown = marks.filter((mark) => mark.permission !== Permission.PRIVATE)
  return {
    permission: bookmark.permission,
    shownMarkIds: shown.map((mark) => mark._id),
    noteShownMarkIds: shown.filter((mark) => mark.isNotePublic === true).map((mark) => mark._id),
  }
}

/** The draft with one highlight shown or hidden (a hidden highlight's note is hidden too). */
export function withMarkShown(draft: ShareDraft, markId: string, shown: boolean): ShareDraft {
  const others = draft.shownMarkIds.filter((id) => id !== markId)
  return {
    ...draft,
    shownMarkIds: shown ? [...others, markId] : others,
    noteShownMarkIds: shown
      ? draft.noteShownMarkIds
      : draft.noteShownMarkIds.filter((id) => id !== markId),
  }
}

/** The draft with one note shown or hidden (showing a note shows its highlight). */
export function withNoteShown(draft: ShareDraft, markId: string, shown: boolean): ShareDraft {
  const notes = draft.noteShownMarkIds.filter((id) => id !== markId)
  return shown
    ? { ...withMarkShown(draft, markId, true), noteShownMarkIds: [...notes, markId] }
    : { ...draft, noteShownMarkIds: notes }
}

/** The draft with every highlight shown (notes unchanged). */
export function withAllShown(draft: ShareDraft, marks: readonly Pick<Mark, '_id'>[]): ShareDraft {
  return { ...draft, shownMarkIds: marks.map((mark) => mark._id) }
}

/** "2 highlights hidden" (empty when none is). */
export function hiddenText(draft: ShareDraft, marks: readonly Pick<Mark, '_id'>[]): string {
  const shown = new Set(draft.shownMarkIds)
  const hidden = marks.filter((mark) => !shown.has(mark._id)).length
  return hidden === 0 ? '' : `${countLabel(hidden, 'highlight')} hidden`
}

/** Whether a highlight has a note worth a "show note" choice. */
export function hasNote(mark: Pick<Mark, 'notes'>): boolean {
  return (mark.notes ?? '').trim() !== ''
}
