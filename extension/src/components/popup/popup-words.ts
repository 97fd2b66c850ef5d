// The popup's sync state in a few words with a tone for its badge (counts use countLabel).
import { SYNC_STATE_TEXT, type SyncStatus } from '../../pages/session-client'

/** What the popup and the sidebar say when the relay refuses sync for the plan. */
export const PREMIUM_REQUIRED_TEXT =
  'Sync is paused: your plan does not include sync. Your changes are kept on this device and sync as soon as your plan does.'

export type SyncTone = 'ok' | 'busy' | 'warn' | 'off'

/** The badge of a sync state: short words and a tone. */
export function syncBadge(status: Pick<SyncStatus, 'state' | 'signedIn'>): {
  text: string
  tone: SyncTone
} {
  if (!status.signedIn) {
    return { text: 'On this device only', tone: 'off' }
  }
  switch (status.state) {
    case 'UP_TO_DATE':
      return { text: 'Up to date', tone: 'ok' }
    case 'UPDATING':
      return { text: 'Syncing…', tone: 'busy' }
    case 'NEEDS_SYNC':
      return { text: 'Changes waiting to sync', tone: 'busy' }
    default:
      return { text: SYNC_STATE_TEXT[status.state] ?? status.state, tone: 'warn' }
  }
}
