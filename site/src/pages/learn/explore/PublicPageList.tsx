// A list of public pages from the relay. Everything is React text; no image of a shared page is
// loaded (a stranger's image address would learn who reads the list); the source link carries
// rel="noopener noreferrer nofollow ugc". A page's title leads to /explore/{shareId}, which the
// site's server sends on to the relay's public page.
import { plural } from './plural'
import type { PublicListItem } from './public-answers'

function sharedOn(time: number): string {
  return new Date(time).toLocaleDateString('en', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
}

/** The public pages, as a list. */
export function PublicPageList({
  items,
  label,
}: {
  items: readonly PublicListItem[]
  label: string
}) {
  return (
    <ul className="learn-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.shareId} className="ink-card">
          <h3>
            <a href={`/explore/${encodeURIComponent(item.shareId)}`}>{item.title}</a>
          </h3>
          <p className="learn-muted">
            {item.sourceUrl === null ? (
              item.origin
            ) : (
              <a href={item.sourceUrl} target="_blank" rel="noopener noreferrer nofollow ugc">
                {item.origin}
              </a>
            )}
            {` · ${plural(item.marksCount, 'highlight')} · ${plural(item.likes, 'like')} · shared ${sharedOn(item.sharedAt)}`}
          </p>
          {item.description === null ? null : <p>{item.description}</p>}
          {item.firstHighlights.length === 0 ? null : (
            <ul className="explore-highlights" aria-label="First highlights">
              {item.firstHighlights.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          )}
          {item.tags.length === 0 ? null : (
            <ul className="learn-tags" aria-label="Tags">
              {item.tags.map((tag) => (
                <li key={tag}>
                  <a className="ink-tag" href={`/explore?tag=${encodeURIComponent(tag)}`}>
                    {tag}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  )
}
