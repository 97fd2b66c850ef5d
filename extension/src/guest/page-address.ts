// Single-page apps (YouTube, web mail, documentation sites) move from page to page with
// history.pushState: the document stays and its address changes. A content script runs in its own
// world and cannot see the page's pushState calls, so it looks at the address itself: on popstate
// and hashchange at once, on YouTube's own yt-navigate-finish at once (a highlight made right
// after YouTube moved to another video goes to that video, ADR 083), and otherwise a few times a
// second (comparing two strings).
// Addresses that are the same page by the spec's matching rules (a fragment, a tracking parameter)
// are not a move.
import { normalizePageUrl } from '@inkmark/shared/guest'

/** YouTube's event after an in-page navigation (the page's script fires it; only a cue to look). */
const YOUTUBE_NAVIGATE_FINISH = 'yt-navigate-finish'

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
  document.addEventListener(YOUTUBE_NAVIGATE_FINISH, check)
  return () => {
    clearInterval(timer)
    window.removeEventListener('popstate', check)
    window.removeEventListener('hashchange', check)
    document.removeEventListener(YOUTUBE_NAVIGATE_FINISH, check)
  }
}
