// The address's query string once the page runs in a browser; null while prerendering and during
// hydration, so the first client render matches the static HTML.
import { useEffect, useState } from 'react'

/** window.location.search after hydration, else null. */
export function useHydratedSearch(): string | null {
  const [search, setSearch] = useState<string | null>(null)
  useEffect(() => {
    setSearch(window.location.search)
    const onPopState = () => setSearch(window.location.search)
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [])
  return search
}
