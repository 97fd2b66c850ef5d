// The discover feed (or one tag's pages) fetched from the relay after hydration, with "Load more"
// (the relay's opaque nextPage; items already listed are not repeated). States: loading, an error
// with Try again, an empty list that says how pages get here, and the list.
import { useCallback, useEffect, useState } from 'react'
import { siteConfig } from '../../../app/site-config'
import { PublicPageList } from './PublicPageList'
import type { FeedOrder, PublicListItem } from './public-answers'
import { fetchDiscoverPage } from './relay-calls'

type FeedState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | {
      readonly status: 'loaded'
      readonly items: readonly PublicListItem[]
      readonly nextPage: string | null
      readonly more: 'idle' | 'loading' | { readonly error: string }
    }

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong: try again.'
}

function appended(
  items: readonly PublicListItem[],
  next: readonly PublicListItem[],
): PublicListItem[] {
  const seen = new Set(items.map((item) => item.shareId))
  return [...items, ...next.filter((item) => !seen.has(item.shareId))]
}

/** The feed in `order`, optionally of one tag. */
export function DiscoverFeed({
  order,
  tag,
  label,
}: {
  order: FeedOrder
  tag?: string
  label: string
}) {
  const [state, setState] = useState<FeedState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let isCurrent = true
    setState({ status: 'loading' })
    fetchDiscoverPage(siteConfig.relayUrl, {
      type: order,
      ...(tag === undefined ? {} : { tag }),
    }).then(
      (page) => {
        if (isCurrent) {
          setState({ status: 'loaded', items: page.items, nextPage: page.nextPage, more: 'idle' })
        }
      },
      (error: unknown) => {
        if (isCurrent) {
          setState({ status: 'error', message: messageOf(error) })
        }
      },
    )
    return () => {
      isCurrent = false
    }
  }, [order, tag, attempt])

  const loadMore = useCallback(() => {
    if (state.status !== 'loaded' || state.nextPage === null || state.more === 'loading') {
      return
    }
    const { items, nextPage } = state
    setState({ ...state, more: 'loading' })
    fetchDiscoverPage(siteConfig.relayUrl, {
      type: order,
      nextPage,
      ...(tag === undefined ? {} : { tag }),
    }).then(
      (page) =>
        setState({
          status: 'loaded',
          items: appended(items, page.items),
          nextPage: page.nextPage,
          more: 'idle',
        }),
      (error: unknown) => setState({ ...state, more: { error: messageOf(error) } }),
    )
  }, [order, tag, state])

  if (state.status === 'loading') {
    return (
      <p role="status" className="learn-muted">
        Loading shared pages…
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
  if (state.items.length === 0) {
    return (
      <div className="ink-card learn-empty" role="status">
        <p>
          {tag === undefined
            ? 'No pages have been shared publicly yet.'
            : `No public pages are tagged "${tag}".`}
        </p>
        <p className="learn-muted">
          Pages appear here when their owners share them publicly from the Inkmark web app or
          extension.
        </p>
      </div>
    )
  }
  return (
    <>
      <PublicPageList items={state.items} label={label} />
      {state.nextPage === null ? null : (
        <p>
          <button
            type="button"
            className="ink-button ink-button--secondary ink-button--md"
            onClick={loadMore}
            disabled={state.more === 'loading'}
          >
            {state.more === 'loading' ? 'Loading…' : 'Load more'}
          </button>
        </p>
      )}
      {typeof state.more === 'object' ? <p role="alert">{state.more.error}</p> : null}
    </>
  )
}
