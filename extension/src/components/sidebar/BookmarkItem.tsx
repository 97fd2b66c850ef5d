import { countLabel, type Bookmark } from '@inkmark/shared'
import { bookmarkTitle, safeHref } from '../../pages/library-text'

export interface BookmarkItemProps {
  bookmark: Bookmark & { marksCount?: number }
}

/** One saved page: its title (a link that opens it in a new tab), address and highlight count. */
export function BookmarkItem({ bookmark }: BookmarkItemProps) {
  const href = safeHref(bookmark.url)
  const title = bookmarkTitle(bookmark)
  return (
    <li className="card" data-bookmark-id={bookmark._id}>
      {href ? (
        <a className="bookmark-title" href={href} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      ) : (
        <span className="bookmark-title">{title}</span>
      )}
      <div className="meta">
        {bookmark.isStarred ? '★ Saved · ' : ''}
        {bookmark.marksCount !== undefined
          ? `${countLabel(bookmark.marksCount, 'highlight')} · `
          : ''}
        {bookmark.origin ?? bookmark.url}
      </div>
    </li>
  )
}

/** A list of saved pages, or `empty` when there are none. */
export function BookmarkList({
  bookmarks,
  empty,
  label,
}: {
  bookmarks: readonly BookmarkItemProps['bookmark'][]
  empty: string
  label: string
}) {
  if (bookmarks.length === 0) {
    return <p className="empty">{empty}</p>
  }
  return (
    <ul className="list" aria-label={label}>
      {bookmarks.map((bookmark) => (
        <BookmarkItem key={bookmark._id} bookmark={bookmark} />
      ))}
    </ul>
  )
}
