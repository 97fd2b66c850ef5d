// A list of public pages with its loading, error and empty states and "Load more". The feed and
// explore's tag lists both show pages this way; each says what its empty list means.
import { Button } from '@inkmark/design'
import type { ReactNode } from 'react'
import { publicErrorMessage } from './public-api'
import { PublicPageCard } from './PublicPageCard'
import type { PublicFeed } from './use-public-feed'

/** The pages of `feed`; `empty` when there are none. */
export function PublicFeedList({ feed, empty }: { feed: PublicFeed; empty: ReactNode }) {
  if (feed.status === 'loading') {
    return (
      <p className="public-status" role="status">
        Loading public pages…
      </p>
    )
  }
  if (feed.status === 'error' && feed.items.length === 0) {
    return <PublicError error={feed.error} onRetry={feed.retry} />
  }
  if (feed.items.length === 0) {
    return <>{empty}</>
  }
  return (
    <div className="public-feed">
      <ul className="public-feed__list" aria-label="Public pages">
        {feed.items.map((page) => (
          <li key={page.shareId}>
            <PublicPageCard page={page} />
          </li>
        ))}
      </ul>
      {feed.status === 'error' && <PublicError error={feed.error} onRetry={feed.retry} />}
      {feed.status === 'more' && (
        <p className="public-status" role="status">
          Loading more…
        </p>
      )}
      {feed.hasMore && feed.status === 'ready' && (
        <div className="public-feed__more">
          <Button onPress={feed.loadMore}>Load more</Button>
        </div>
      )}
    </div>
  )
}

/** A failed public call's message and a retry. */
export function PublicError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="public-error" role="alert">
      <p>{publicErrorMessage(error)}</p>
      {onRetry && <Button onPress={onRetry}>Try again</Button>}
    </div>
  )
}
