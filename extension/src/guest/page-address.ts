// Single-page apps (YouTube, web mail, documentation sites) move from page to page with
// history.pushState: the document stays and its address changes. A content script runs in its own
// world and cannot see the page's pushState calls, so it looks at the address itself: on popstate
// and hashchange at once, and otherwise a few times a second (comparing two strings).
// Addresses that are the same page by the spec's matching rules (a fragment, a tracking parameter)
// are not a move.
import { normalizePageUrl } from '@inkmark/shared/guest'

/** How often the address is compared when no event said it changed. */
const ADDRESS_POLL_MS = 400

/** Calls `onMove(url)` whenever this page moves to another page's address; returns the stop. */
export function watchPageAddress(onMove: (url: string) => void): () => void {
  let href = location.href
  let shown = normalizePageUrl(href)
  const check = () => {
    // Parsed only when the address text changed: most looks find it as it was.
    if (location.href === href) {
      return
    }
    href = location.href
    const now = normalizePageUrl(href)
    if (now !== shown) {
      shown = now
      onMove(href)
    }
  }
  const timer = setInterval(check, ADDRESS_POLL_MS)
  window.addEventListener('popstate', check)
  window.addEventListener('hashchange', check)
  return () => {
    clearInterval(timer)
    window.removeEventListener('popstate', check)
    window.removeEventListener('hashchange', check)
  }
}
