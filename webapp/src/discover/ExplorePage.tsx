// /explore: the tags of public pages, most used first, each a link to its pages
// (/explore?tag=x, listed by POST /discover with the tag).
import { EmptyState, countLabel } from '@inkmark/design'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { ExploreTagView } from './public-api'
import { PublicError, PublicFeedList } from './PublicFeedList'
import { usePublicApi } from './use-public-api'
import { usePublicFeed } from './use-public-feed'
import './discover.css'

/** Explore: all tags, or the pages of `tag`. */
export function ExplorePage({ tag }: { tag: string | undefined }) {
  return (
    <div className="discover-page">
      {tag === undefined ? <ExploreTags /> : <TagPages tag={tag} />}
    </div>
  )
}

function ExploreTags() {
  const api = usePublicApi()
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'ready'; tags: ExploreTagView[] }
    | { status: 'error'; error: unknown }
  >({ status: 'loading' })
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    api.exploreTags().then(
      (tags) => live && setState({ status: 'ready', tags }),
      (error: unknown) => live && setState({ status: 'error', error }),
    )
    return () => {
      live = false
    }
  }, [api, attempt])
  return (
    <>
      <h1>Explore</h1>
      <p className="discover-page__intro">
        Public pages by tag. <Link to="/discover">See the discover feed</Link>
      </p>
      {state.status === 'loading' && (
        <p className="public-status" role="status">
          Loading tags…
        </p>
      )}
      {state.status === 'error' && (
        <PublicError error={state.error} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {state.status === 'ready' && state.tags.length === 0 && (
        <EmptyState title="No tags on public pages yet" icon="🏷️">
          <p>
            Tags appear here when someone shares a tagged page publicly. Tag one of your pages and
            share it publicly to start.
          </p>
        </EmptyState>
      )}
      {state.status === 'ready' && state.tags.length > 0 && (
        <ul className="explore-tags" aria-label="Tags of public pages">
          {state.tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link to="/explore" search={{ tag }} className="public-tag">
                #{tag}
                <span className="explore-tags__count"> ({countLabel(count, 'page')})</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function TagPages({ tag }: { tag: string }) {
  const api = usePublicApi()
  const feed = usePublicFeed(api, { tag })
  return (
    <>
      <p className="discover-page__back">
        <Link to="/explore">All tags</Link>
      </p>
      <h1>Public pages tagged #{tag}</h1>
      <PublicFeedList
        feed={feed}
        empty={
          <EmptyState title={`No public pages tagged #${tag}`} icon="🏷️">
            <p>Nobody has shared a public page with this tag, or its pages are no longer public.</p>
          </EmptyState>
        }
      />
    </>
  )
}
