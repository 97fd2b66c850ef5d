// The ids of the highlights the page could not place, as the content script of the page that
// frames the sidebar tells it. Only messages from the parent window count, and only their ids.
// The content script posts them when the frame's load event fires, which can come before React
// has mounted (and run its effects): the listener is therefore added when this module is first
// evaluated, before the load event, and keeps the latest ids for the hook to read.
import { useSyncExternalStore } from 'react'
import { unplacedIdsOf } from './sidebar-protocol'

let latest: ReadonlySet<string> = new Set()
const listeners = new Set<() => void>()

function onParentMessage(event: MessageEvent): void {
  if (event.source !== window.parent || window.parent === window) {
    return
  }
  const unplaced = unplacedIdsOf(event.data)
  if (unplaced) {
    latest = new Set(unplaced)
    for (const listener of listeners) {
      listener()
    }
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('message', onParentMessage)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The latest unplaced ids the parent page reported (empty until it does). */
export function useUnplacedIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => latest)
}
