// The header's sync state (announced politely when it changes) and its 'Sync now' button, shown
// while someone is signed in. The button stays enabled while a run is under way: a second
// request is queued by the engine, and a disabled button would drop keyboard focus.
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
      <button type="button" className="button" onClick={syncNow}>
        Sync now
      </button>
    </div>
  )
}
