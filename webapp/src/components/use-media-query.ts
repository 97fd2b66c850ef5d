import { useSyncExternalStore } from 'react'

/** Whether the CSS media query matches, following its changes (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** The spec's app breakpoint: at or below it the web app has its narrow layout (ADR 040). */
export const NARROW_SCREEN_QUERY = '(max-width: 767px)'
