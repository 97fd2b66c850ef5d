// The popup's words that depend on a number or a state: proper plurals ("1 highlight",
// "3 highlights") and the sync state in a few words with a tone for its badge.
import { SYNC_STATE_TEXT, type SyncStatus } from '../../pages/session-client'

/** "1 highlight", "3 highlights", "No highlights". */
export function countOf(count: number, one: string, many = `${one}s`): string {
  if (count === 0) {
    return `No ${many}`
  }
  return `${count} ${count === 1 ? one : many}`
}

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
