// The header's sync state (announced politely when it changes) and its 'Sync now' button, shown
// while someone is signed in. The button stays enabled while a run is under way: a second
// request is queued by the engine, and a disabled button would drop keyboard focus. While sync is
// paused (too many requests, a full account, a failed run) it says so and counts down to the
// next attempt.
import { SyncState, syncPauseMessage, type SyncPause } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { useUpgradeNeeded } from '../billing/UpgradeNeededProvider'
import { useSharedWithExtension } from '../library/LibraryProvider'
import '@inkmark/design/tokens.css'
import './extension-share.css'
import { syncStateLabel } from './sync-state-label'
import { useSync } from './SyncProvider'

/** The time now, again every second while `ticking`. */
function useSecondTicks(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) {
      return undefined
    }
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [ticking])
  return now
}

/** The pause's message, counting down. */
export function SyncPauseNotice({ pause }: { pause: SyncPause }) {
  const now = useSecondTicks(true)
  return (
    <span className="sync-pause" data-sync-pause={pause.reason}>
      {syncPauseMessage(pause, now)}
    </span>
  )
}

/** That this browser's Inkmark extension shares the library (ADR 035), announced politely. */
export function ExtensionShareNote() {
  return (
    <span role="status" className="extension-share" data-extension-share="connected">
      Library shared with the Inkmark extension
    </span>
  )
}

/**
 * The sync state and 'Sync now' while signed in, and the note that the library is shared with
 * the extension; nothing while neither holds.
 */
export function SyncIndicator() {
  const { state, active, syncNow, pause } = useSync()
  const sharedWithExtension = useSharedWithExtension()
  const { showUpgradeNeeded } = useUpgradeNeeded()
  if (!active && !sharedWithExtension) {
    return null
  }
  return (
    <div className="sync-indicator">
      {sharedWithExtension && <ExtensionShareNote />}
      {active && (
        <>
          <span role="status" data-sync-state={state}>
            Sync: {syncStateLabel(state)}
          </span>
          {pause && <SyncPauseNotice pause={pause} />}
          {state === SyncState.PREMIUM_REQUIRED && (
            <button type="button" className="button" onClick={() => showUpgradeNeeded('sync')}>
              Upgrade to sync
            </button>
          )}
          <button type="button" className="button" onClick={syncNow}>
            Sync now
          </button>
        </>
      )}
    </div>
  )
}
