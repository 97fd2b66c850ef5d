// /discover: the feed of public pages, newest first by default or most liked first when the path
// ends in /most-liked (the spec's "chosen by path ending"). The switch between the two is a pair
// of links, so each order has its own address and Back returns to the other.
import { Button, EmptyState } from '@inkmark/design'
import { Link } from '@tanstack/react-router'
import { useDialog } from '../shell/use-dialog'
import { FEEDS } from './feed-path'
import type { FeedType } from './public-api'
import { PublicFeedList } from './PublicFeedList'
import { usePublicApi } from './use-public-api'
import { usePublicFeed } from './use-public-feed'
import './discover.css'

/** The discover feed in `type` order. */
export function DiscoverPage({ type }: { type: FeedType }) {
  const api = usePublicApi()
  const feed = usePublicFeed(api, { type })
  const { openDialog } = useDialog()
  return (
    <div className="discover-page">
      <div className="discover-page__head">
        <h1>Discover</h1>
        <Button onPress={() => openDialog('discover-feed-info')}>About this feed</Button>
      </div>
      <p className="discover-page__intro">
        Pages other readers highlighted and chose to share publicly.{' '}
        <Link to="/explore">Browse by tag</Link>
      </p>
      <nav aria-label="Feed order" className="discover-switch">
        <ul>
          {FEEDS.map((entry) => (
            <li key={entry.type}>
              <Link
                to={entry.path}
                activeOptions={{ exact: true, includeSearch: false }}
                className="discover-switch__option"
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PublicFeedList
        feed={feed}
        empty={
          <EmptyState title="Nobody has shared a public page yet" icon="🌱">
            <p>
              When someone makes one of their pages public, it appears here with its highlights. To
              share yours, open a page in your library, choose Share and set it to Public.
            </p>
          </EmptyState>
        }
      />
    </div>
  )
}
