import { PageCard } from '@inkmark/design'
import type { Bookmark, Filter } from '@inkmark/shared'
import { TagList } from '../components/TagList'
import type { ViewOptions } from '../lib/view-options'
import { PageLink } from './PageLink'
import { pageCoverUrl } from './page-cover'

/** What a page's card shows; the counts once the library's marks are decoded after opening. */
export type CardBookmark = Pick<Bookmark, '_id' | 'url' | 'title' | 'isStarred' | 'tags'> &
  Partial<Pick<Bookmark, 'description' | 'image' | 'coverImageUrl' | 'meta'>> & {
    marksCount?: number
    notesCount?: number
  }

/** A page of the dashboard: site icon and name, title, excerpt, counts, tags and cover picture. */
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
    <PageCard
      className={`card card-${options.size}`}
      titleClassName="card-title"
      url={bookmark.url}
      title={
        <PageLink bookmarkId={bookmark._id} openAs={options.openAs}>
          {bookmark.title || bookmark.url}
        </PageLink>
      }
      badges={
        bookmark.isStarred && (
          <span className="star" title="Starred">
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">Starred</span>
          </span>
        )
      }
      showSite={!options.hideUrl}
      imageUrl={pageCoverUrl(bookmark)}
      excerpt={bookmark.description || bookmark.meta?.description}
      highlightCount={bookmark.marksCount}
      noteCount={bookmark.notesCount}
      tags={<TagList tags={bookmark.tags} onTag={onTag} />}
    />
  )
}
