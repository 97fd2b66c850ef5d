// Pieces of every page about one bookmark (the page detail and the user-content page): what shows
// when the bookmark is not in the library, the star toggle and the error line.
import { ToggleButton } from '@inkmark/design'
import { Message, type Bookmark } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'

/** The bookmark is not in this library (a stale link, or deleted on another device). */
export function BookmarkNotFound({ headingId }: { headingId?: string }) {
  return (
    <div className="notice" role="alert">
      <h1 id={headingId}>Page not found</h1>
      <p>{Message.PAGE_NOT_FOUND_IN_APP}</p>
      <p>
        <Link to="/">Back to your library</Link>
      </p>
    </div>
  )
}

/** Saves the page (the data's isStarred) or unsaves it; pressed while saved (ADR 038's glossary). */
export function StarButton({
  bookmark,
  onToggle,
}: {
  bookmark: Bookmark
  onToggle: (isStarred: boolean) => void
}) {
  return (
    <ToggleButton className="star-button" isSelected={bookmark.isStarred} onChange={onToggle}>
      <span aria-hidden="true">{bookmark.isStarred ? '★' : '☆'}</span> Save page
    </ToggleButton>
  )
}

/** The last refusal of a save or delete, announced; nothing when there is none. */
export function BookmarkError({ error }: { error: string }) {
  return error === '' ? null : (
    <p className="error" role="alert">
      {error}
    </p>
  )
}
