// How many entities await sync (never synced, or changed since their last sync), read again after
// each change of the library: the number the backup-or-sync prompt's rule counts. Undefined until
// the first count is in.
import { useEffect, useState } from 'react'
import { useLibraryVersion, useLocalStore } from '../library/LibraryProvider'

/** The count of entities that await sync. */
export function usePendingCount(): number | undefined {
  const store = useLocalStore()
  const version = useLibraryVersion()
  const [count, setCount] = useState<number | undefined>()
  useEffect(() => {
    let current = true
    store
      .getEntitiesThatNeedSync()
      .then((entities) => {
        if (current) {
          setCount(entities.length)
        }
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [store, version])
  return count
}
