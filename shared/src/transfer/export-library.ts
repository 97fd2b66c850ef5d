// What the exporters share: the live bookmarks with their live marks in display order (the user's
// custom order first, as the sidebar shows them), and the time format of exported files.
import type { Bookmark } from '../domain/entities/bookmark'
import type { Mark } from '../domain/entities/mark'
import type { MarkOrderMap } from '../domain/mark-order'
import { sortMarks } from '../domain/mark-order'

/** A bookmark and its marks, in display order. */
export interface BookmarkWithMarks {
  bookmark: Bookmark
  marks: Mark[]
}

/** The entities an export is made of. */
export interface ExportLibrary {
  bookmarks: readonly Bookmark[]
  marks: readonly Mark[]
}

/** Each live bookmark with its live marks, in the given bookmark order. */
export function groupMarksByBookmark(library: ExportLibrary): BookmarkWithMarks[] {
  const marksOf = new Map<string, Mark[]>()
  for (const mark of library.marks) {
    if (mark.deletedAt === undefined) {
      marksOf.set(mark._bookmark, [...(marksOf.get(mark._bookmark) ?? []), mark])
    }
  }
  return library.bookmarks
    .filter((bookmark) => bookmark.deletedAt === undefined)
    .map((bookmark) => ({
      bookmark,
      marks: sortMarks(marksOf.get(bookmark._id) ?? [], markOrderOf(bookmark)),
    }))
}

/** An epoch time as an ISO 8601 string (UTC). */
export function toIsoTime(millis: number): string {
  return new Date(millis).toISOString()
}

// Bookmarks may carry the user's drag-and-drop order (mark id -> position) as `markOrder`.
function markOrderOf(bookmark: Bookmark): MarkOrderMap {
  const order: unknown = bookmark.markOrder
  if (typeof order !== 'object' || order === null) {
    return {}
  }
  return Object.fromEntries(
    Object.entries(order).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  )
}
