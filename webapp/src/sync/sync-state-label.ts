// Words for the spec's sync states in the header's indicator, one per SyncState value.
import { SyncState } from '@inkmark/shared'

const LABELS: Readonly<Record<SyncState, string>> = {
  [SyncState.OFFLINE]: 'Offline',
  [SyncState.PREMIUM_REQUIRED]: 'Premium required to sync',
  [SyncState.UP_TO_DATE]: 'Up to date',
  [SyncState.NEEDS_SYNC]: 'Needs sync',
  [SyncState.SERVER_ERROR]: 'Server error',
  [SyncState.ALL_SERVERS_OFFLINE]: 'All servers offline',
  [SyncState.UPDATING]: 'Updating',
}

/** The label of a sync state. */
export function syncStateLabel(state: SyncState): string {
  return LABELS[state]
}
