// A link to one highlight (#mark-{id}: from search, the highlights list or an Ask your library
// citation) shows that highlight: scrolled to the middle of the window and marked as the one linked
// to (an in-app link changes the address without a navigation, so :target alone would not mark
// it). The page detail's parts above the notebook (the summary, the tabs) may still be growing
// when the link is followed, so the highlight is kept in view as the page's size changes, until
// the person scrolls, types or presses themselves.
import { useEffect } from 'react'

const PERSON_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/** Shows the highlight whose element id is `hash` once `ready` (the marks are rendered). */
export function useLinkedMark(hash: string, ready: boolean): void {
  useEffect(() => {
    const linked = hash !== '' && ready ? document.getElementById(hash) : null
    if (linked === null) {
      return
    }
    const show = () => linked.scrollIntoView({ block: 'center' })
    show()
    linked.setAttribute('data-linked', 'true')
    const follow = new ResizeObserver(show)
    follow.observe(document.body)
    const stopFollowing = () => {
      follow.disconnect()
      for (const type of PERSON_EVENTS) {
        window.removeEventListener(type, stopFollowing, true)
      }
    }
    for (const type of PERSON_EVENTS) {
      window.addEventListener(type, stopFollowing, { capture: true, passive: true })
    }
    return () => {
      stopFollowing()
      linked.removeAttribute('data-linked')
    }
  }, [hash, ready])
}
