import type { Bookmark, BookmarkWithCount, Filter } from '@inkmark/shared'
import { TagList } from '../components/TagList'
import type { ViewOptions } from '../lib/view-options'
import { PageLink } from './PageLink'

/** A page of the dashboard: title, site, counts and tags. */
export function BookmarkCard({
  bookmark,
  options,
  onTag,
}: {
  /** Without counts while the library's marks are still being decoded after opening. */
  bookmark: Bookmark | BookmarkWithCount
  options: ViewOptions
  onTag: (filter: Filter) => void
}) {
  return (
    <article className={`card card-${options.size}`}>
      <h3 className="card-title">
        <PageLink bookmarkId={bookmark._id} openAs={options.openAs}>
          {bookmark.title || bookmark.url}
        </PageLink>
        {bookmark.isStarred && (
          <span className="star" title="Starred">
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">Starred</span>
          </span>
        )}
      </h3>
      {!options.hideUrl && <p className="card-url">{bookmark.url}</p>}
      <p className="card-meta">{hasCounts(bookmark) ? countsText(bookmark) : '\u00a0'}</p>
      <TagList tags={bookmark.tags} onTag={onTag} />
    </article>
  )
}

/** "3 highlights · 1 note". */
function countsText({ marksCount, notesCount }: BookmarkWithCount): string {
  const marks = `${marksCount} ${marksCount === 1 ? 'highlight' : 'highlights'}`
  return notesCount > 0 ? `${marks} · ${notesCount} ${notesCount === 1 ? 'note' : 'notes'}` : marks
}

// Bookmarks are loose objects (unknown keys kept), so `in` cannot tell: the count's type can.
function hasCounts(bookmark: Bookmark | BookmarkWithCount): bookmark is BookmarkWithCount {
  return typeof (bookmark as Partial<BookmarkWithCount>).marksCount === 'number'
}
