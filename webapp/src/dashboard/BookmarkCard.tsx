import { countLabel, type Bookmark, type Filter } from '@inkmark/shared'
import { TagList } from '../components/TagList'
import type { ViewOptions } from '../lib/view-options'
import { PageLink } from './PageLink'

/** What a page's card shows; the counts once the library's marks are decoded after opening. */
export type CardBookmark = Pick<Bookmark, '_id' | 'url' | 'title' | 'isStarred' | 'tags'> & {
  marksCount?: number
  notesCount?: number
}

/** A page of the dashboard: title, site, counts and tags. */
export function BookmarkCard({
  bookmark,
  options,
  onTag,
}: {
  bookmark: CardBookmark
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
          <span className="star" title="Saved">
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">Saved</span>
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
function countsText({ marksCount, notesCount = 0 }: CardBookmark & { marksCount: number }): string {
  const marks = countLabel(marksCount, 'highlight')
  return notesCount > 0 ? `${marks} · ${countLabel(notesCount, 'note')}` : marks
}

// Bookmarks are loose objects (unknown keys kept), so `in` cannot tell: the count's type can.
function hasCounts(bookmark: CardBookmark): bookmark is CardBookmark & { marksCount: number } {
  return typeof bookmark.marksCount === 'number'
}
