// The ids of the highlights the page could not place, as the content script that frames the
// sidebar tells it over the line only it holds (frame-link.ts); a page script cannot post to it.
// The first report can come before React has mounted (and run its effects): the listener is
// therefore added when this module is first evaluated, and keeps the latest ids for the hook.
import { useSyncExternalStore } from 'react'
import { onHostMessage } from './frame-link'

let latest: ReadonlySet<string> = new Set()
const listeners = new Set<() => void>()

if (typeof window !== 'undefined') {
  onHostMessage((message) => {
    if (message.type === 'unplaced') {
      latest = new Set(message.ids)
      for (const listener of listeners) {
        listener()
      }
    }
  })
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The latest unplaced ids the parent page reported (empty until it does). */
export function useUnplacedIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => latest)
}
