import type { BookmarkWithCount, Filter } from '@inkmark/shared'
import { TagList } from '../components/TagList'
import type { ViewOptions } from '../lib/view-options'
import { PageLink } from './PageLink'

/** A page of the dashboard: title, site, counts and tags. */
export function BookmarkCard({
  bookmark,
  options,
  onTag,
}: {
  bookmark: BookmarkWithCount
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
      <p className="card-meta">
        {bookmark.marksCount} {bookmark.marksCount === 1 ? 'highlight' : 'highlights'}
        {bookmark.notesCount > 0 &&
          ` · ${bookmark.notesCount} ${bookmark.notesCount === 1 ? 'note' : 'notes'}`}
      </p>
      <TagList tags={bookmark.tags} onTag={onTag} />
    </article>
  )
}
