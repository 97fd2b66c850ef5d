// The ids of the highlights the page could not place, as the content script of the page that
// frames the sidebar tells it. Only messages from the parent window count, and only their ids.
import { useEffect, useState } from 'react'
import { unplacedIdsOf } from './sidebar-protocol'

/** The latest unplaced ids the parent page reported (empty until it does). */
export function useUnplacedIds(): ReadonlySet<string> {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || window.parent === window) {
        return
      }
      const unplaced = unplacedIdsOf(event.data)
      if (unplaced) {
        setIds(new Set(unplaced))
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])
  return ids
}
