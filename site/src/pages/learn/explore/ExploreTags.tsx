// The tags of public pages, fetched from the relay after hydration; each leads to its pages.
import { useEffect, useState } from 'react'
import { siteConfig } from '../../../app/site-config'
import { plural } from './plural'
import type { ExploreTagItem } from './public-answers'
import { fetchExploreTags } from './relay-calls'

type TagsState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'loaded'; readonly tags: readonly ExploreTagItem[] }

/** The explore tags with their page counts. */
export function ExploreTags() {
  const [state, setState] = useState<TagsState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let isCurrent = true
    setState({ status: 'loading' })
    fetchExploreTags(siteConfig.relayUrl).then(
      (tags) => isCurrent && setState({ status: 'loaded', tags }),
      (error: unknown) =>
        isCurrent &&
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : 'Something went wrong: try again.',
        }),
    )
    return () => {
      isCurrent = false
    }
  }, [attempt])

  if (state.status === 'loading') {
    return (
      <p role="status" className="learn-muted">
        Loading tags…
      </p>
    )
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className="ink-card learn-empty">
        <p>{state.message}</p>
        <button
          type="button"
          className="ink-button ink-button--secondary ink-button--md"
          onClick={() => setAttempt((value) => value + 1)}
        >
          Try again
        </button>
      </div>
    )
  }
  if (state.tags.length === 0) {
    return (
      <div className="ink-card learn-empty" role="status">
        <p>No tagged public pages yet.</p>
        <p className="learn-muted">
          Tags appear here when people share tagged pages publicly.{' '}
          <a href="/discover">See the newest shared pages</a>.
        </p>
      </div>
    )
  }
  return (
    <ul className="learn-tags explore-tag-cloud" aria-label="Tags">
      {state.tags.map((item) => (
        <li key={item.tag}>
          <a className="ink-tag" href={`/explore?tag=${encodeURIComponent(item.tag)}`}>
            {item.tag} <span className="learn-muted">({plural(item.count, 'page')})</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
