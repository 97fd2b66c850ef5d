// Anonymous usage counts from the extension (docs/adr/053-product-events.md, ADR 056): the
// background counts what happens through the guest contract (a highlight made, a page saved) and
// the shared queue posts one batch a few seconds later to the signed-in relay, with no token and
// nothing about the page. The device's "Send anonymous usage counts" switch (the options page) is
// kept beside the session in the extension origin's IndexedDB, where content scripts cannot turn
// it on; on unless turned off. Signed out, nothing is sent (there is no relay to send to).
import type { InkmarkEventName } from '@inkmark/shared'

/** The key of the setting among the session store's values ('off' when turned off). */
export const USAGE_COUNTS_KEY = 'usageCounts'

/** Whether a stored value of the setting means on (anything but 'off', absence included). */
export function usageCountsEnabledFrom(stored: string | undefined): boolean {
  return stored !== 'off'
}

/** The event a guest call counts as, when it succeeded; undefined for the others. */
export function productEventOfGuestCall(message: unknown): InkmarkEventName | undefined {
  const method = (message as { method?: unknown } | null)?.method
  if (method === 'createMark') {
    return 'highlight_created'
  }
  if (method === 'savePage') {
    return 'page_saved'
  }
  return undefined
}
