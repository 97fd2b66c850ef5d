// Loads a list of public pages (the discover feed, or one tag's pages) page by page: the first
// page when the query changes, the next on "Load more" with the relay's nextPage cursor. A page
// answered for an older query is dropped.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { DiscoverQuery, PublicApi, PublicPageSummaryView } from './public-api'

/** The list so far and how loading it goes. */
export interface PublicFeed {
  items: PublicPageSummaryView[]
  /** 'loading' is the first page; 'more' a further page. */
  status: 'loading' | 'ready' | 'more' | 'error'
  error: unknown
  hasMore: boolean
  loadMore: () => void
  retry: () => void
}

/** The pages `query` lists, through `api`. */
export function usePublicFeed(api: PublicApi, query: Omit<DiscoverQuery, 'nextPage'>): PublicFeed {
  const { type, tag } = query
  const [items, setItems] = useState<PublicPageSummaryView[]>([])
  const [nextPage, setNextPage] = useState<string | undefined>()
  const [status, setStatus] = useState<PublicFeed['status']>('loading')
  const [error, setError] = useState<unknown>()
  const [attempt, setAttempt] = useState(0)
  const generation = useRef(0)

  useEffect(() => {
    const mine = ++generation.current
    setStatus('loading')
    setItems([])
    setNextPage(undefined)
    api.discover({ ...(type ? { type } : {}), ...(tag ? { tag } : {}) }).then(
      (answer) => {
        if (mine !== generation.current) {
          return
        }
        setItems(answer.items)
        setNextPage(answer.nextPage)
        setStatus('ready')
      },
      (reason: unknown) => {
        if (mine !== generation.current) {
          return
        }
        setError(reason)
        setStatus('error')
      },
    )
  }, [api, type, tag, attempt])

  const loadMore = useCallback(() => {
    if (nextPage === undefined || status === 'loading' || status === 'more') {
      return
    }
    const mine = generation.current
    setStatus('more')
    api.discover({ ...(type ? { type } : {}), ...(tag ? { tag } : {}), nextPage }).then(
      (answer) => {
        if (mine !== generation.current) {
          return
        }
        setItems((previous) => {
          const seen = new Set(previous.map((item) => item.shareId))
          return [...previous, ...answer.items.filter((item) => !seen.has(item.shareId))]
        })
        setNextPage(answer.nextPage)
        setStatus('ready')
      },
      (reason: unknown) => {
        if (mine !== generation.current) {
          return
        }
        setError(reason)
        setStatus('error')
      },
    )
  }, [api, type, tag, nextPage, status])

  const retry = useCallback(() => {
    if (items.length > 0 && nextPage !== undefined) {
      loadMore()
      return
    }
    setAttempt((n) => n + 1)
  }, [items.length, nextPage, loadMore])

  return { items, status, error, hasMore: nextPage !== undefined, loadMore, retry }
}
