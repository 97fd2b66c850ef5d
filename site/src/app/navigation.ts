// Client navigation: the App provides `navigate`, the Link calls it. Without a provider (a page
// rendered alone in a test, the server) a Link is a plain link.
import { createContext, useContext } from 'react'

export interface Navigation {
  /** The current path (normalized). */
  path: string
  /** Goes to `to` (a same-origin path with optional query and hash) without a page load. */
  navigate: (to: string) => void
  /** True when a newer build was detected: links then load the page in full. */
  shouldLoadFully: () => boolean
}

export const NavigationContext = createContext<Navigation | null>(null)

/** The navigation of the App around this component, or null outside one. */
export function useNavigation(): Navigation | null {
  return useContext(NavigationContext)
}
