// Anonymous usage counts from the web app (docs/adr/053-product-events.md): where something
// happens, the app calls recordProductEvent with the event's name; the shared queue adds them up
// and posts one batch to the relay a few seconds later, with no token. The device's "Send anonymous
// usage counts" setting (this browser's localStorage, never synced; on unless turned off) is read
// at every record and send, so turning it off stops at once. Never blocks, never reports a failure.
import { ProductEventQueue, type InkmarkEventName } from '@inkmark/shared'
import { RELAY_URL } from '../account/relay-url'

/** The localStorage key of the setting ('off' when turned off; anything else is on). */
export const USAGE_COUNTS_STORAGE_KEY = 'inkmark.usageCounts'

/** Whether this device sends anonymous usage counts. */
export function readUsageCountsEnabled(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(USAGE_COUNTS_STORAGE_KEY) !== 'off'
  } catch {
    // Storage blocked: send nothing rather than guess.
    return false
  }
}

/** Turns this device's usage counts on or off. */
export function writeUsageCountsEnabled(storage: Pick<Storage, 'setItem'>, enabled: boolean): void {
  storage.setItem(USAGE_COUNTS_STORAGE_KEY, enabled ? 'on' : 'off')
}

const queue = new ProductEventQueue({
  relayUrl: () => RELAY_URL,
  isEnabled: () => typeof localStorage !== 'undefined' && readUsageCountsEnabled(localStorage),
})

if (typeof document !== 'undefined') {
  // The tab is going away or to the background: send what is queued now (keepalive).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      void queue.flush()
    }
  })
}

/** Counts one `name` (or `count` of them) for the next anonymous batch, if the setting is on. */
export function recordProductEvent(name: InkmarkEventName, count = 1): void {
  queue.record(name, count)
}
