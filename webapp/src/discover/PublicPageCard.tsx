// One public page in the discover feed or a tag's list: its title (a link to the page in the
// app), its website, its first shown highlights, its likes and its tags. Every value is someone
// else's text, shown as React text only; no image is loaded (a stranger's image address would
// learn who reads the feed).
import { countLabel } from '@inkmark/design'
import { Link } from '@tanstack/react-router'
import type { PublicPageSummaryView } from './public-api'

/** A feed item. */
export function PublicPageCard({ page }: { page: PublicPageSummaryView }) {
  const more = page.marksCount - page.firstHighlights.length
  return (
    <article className="public-card" data-share-id={page.shareId}>
      <h2 className="public-card__title">
        <Link to="/discover/page/$shareId" params={{ shareId: page.shareId }}>
          {page.title || page.url}
        </Link>
      </h2>
      <p className="public-card__origin">{page.origin}</p>
      {page.firstHighlights.length > 0 && (
        <ul className="public-card__highlights" aria-label="First highlights">
          {page.firstHighlights.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      )}
      <p className="public-card__meta">
        <span className="public-card__likes">{countLabel(page.likes, 'like')}</span>
        {' · '}
        <span>{countLabel(page.marksCount, 'highlight')}</span>
        {more > 0 && <span className="ink-visually-hidden"> ({more} more on the page)</span>}
      </p>
      <PublicTagLinks tags={page.tags} />
    </article>
  )
}

/** A page's tags as links to explore's list of that tag. */
export function PublicTagLinks({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) {
    return null
  }
  return (
    <ul className="public-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link to="/explore" search={{ tag }} className="public-tag">
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  )
}
