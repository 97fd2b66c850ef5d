// What the share control edits before it is saved (ADR 062). It opens with the domain's default
// (defaultSharingChoice: a page shared before as it is published, a page shared for the first time
// with every highlight shown and every note hidden), then follows the owner's clicks here.
import {
  countLabel,
  defaultSharingChoice,
  type Bookmark,
  type Mark,
  type SharingChoice,
} from '@inkmark/shared'

export type ShareDraft = SharingChoice

/** The choice the control opens with for `bookmark` and its highlights (its permission now). */
export function initialDraft(bookmark: Bookmark, marks: readonly Mark[]): ShareDraft {
  return defaultSharingChoice(bookmark, marks, bookmark.permission)
}

/** Whether two choices differ (the order of ids does not count). */
export function draftDiffers(a: ShareDraft, b: ShareDraft): boolean {
  const same = (x: readonly string[], y: readonly string[]) =>
    x.length === y.length && [...x].sort().join('\n') === [...y].sort().join('\n')
  return (
    a.permission !== b.permission ||
    !same(a.shownMarkIds, b.shownMarkIds) ||
    !same(a.noteShownMarkIds, b.noteShownMarkIds)
  )
}

/** The draft with one highlight shown or hidden (a hidden highlight's note is hidden too). */
export function withMarkShown(draft: ShareDraft, markId: string, shown: boolean): ShareDraft {
  const others = draft.shownMarkIds.filter((id: string) => id !== markId)
  return {
    ...draft,
    shownMarkIds: shown ? [...others, markId] : others,
    noteShownMarkIds: shown
      ? draft.noteShownMarkIds
      : draft.noteShownMarkIds.filter((id: string) => id !== markId),
  }
}

/** The draft with one note shown or hidden (showing a note shows its highlight). */
export function withNoteShown(draft: ShareDraft, markId: string, shown: boolean): ShareDraft {
  const notes = draft.noteShownMarkIds.filter((id: string) => id !== markId)
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
