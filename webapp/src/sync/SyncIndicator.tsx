// The header's sync state (announced politely when it changes) and its 'Sync now' button, shown
// while someone is signed in.
import { SyncState } from '@inkmark/shared'
import { syncStateLabel } from './sync-state-label'
import { useSync } from './SyncProvider'

/** The sync state and 'Sync now', or nothing while signed out. */
export function SyncIndicator() {
  const { state, active, syncNow } = useSync()
  if (!active) {
    return null
  }
  return (
    <div className="sync-indicator">
      <span role="status" data-sync-state={state}>
        Sync: {syncStateLabel(state)}
      </span>
      <button type="button" onClick={syncNow} disabled={state === SyncState.UPDATING}>
        Sync now
      </button>
    </div>
  )
}
