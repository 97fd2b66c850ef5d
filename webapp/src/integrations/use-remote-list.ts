// Loads a list from the misc server for a token (Notion's shared pages, Capacities' spaces) and
// loads it again on demand (the Reload button): a list older than the last request is dropped, so a
// slow first answer never replaces a newer one.
import { useCallback, useEffect, useRef, useState } from 'react'

/** Where a list load stands. */
export type RemoteList<T> =
  | { status: 'loading'; items: readonly T[] }
  | { status: 'ready'; items: readonly T[] }
  | { status: 'failed'; items: readonly T[]; error: unknown }

/** The list `load(token)` gives (none without a token), and `reload`. */
export function useRemoteList<T>(
  token: string | undefined,
  load: (token: string, signal: AbortSignal) => Promise<T[]>,
): RemoteList<T> & { reload: () => void } {
  const [state, setState] = useState<RemoteList<T>>({ status: 'loading', items: [] })
  const [requests, setRequests] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load

  useEffect(() => {
    if (token === undefined) {
      setState({ status: 'ready', items: [] })
      return
    }
    const controller = new AbortController()
    setState((previous) => ({ status: 'loading', items: previous.items }))
    loadRef.current(token, controller.signal).then(
      (items) => {
        if (!controller.signal.aborted) {
          setState({ status: 'ready', items })
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState((previous) => ({ status: 'failed', items: previous.items, error }))
        }
      },
    )
    return () => controller.abort()
  }, [token, requests])

  const reload = useCallback(() => setRequests((count) => count + 1), [])
  return { ...state, reload }
}
