// When the popup shows the Black Friday banner: the shared rule (not on a paid plan, 23 to 30
// November) with the popup's own clock, unless the person closed it this year's week already. The
// closing is kept in the extension origin's localStorage (content scripts cannot reach it), as the
// year it was closed in, so next year's week shows it again.
import { shouldShowBlackFridayBanner, type Plan } from '@inkmark/shared'

/** Where the year of the last closing is kept. */
export const BLACK_FRIDAY_CLOSED_KEY = 'inkmark:black-friday-closed'

/** The part of localStorage the banner reads and writes. */
export type ClosedStorage = Pick<Storage, 'getItem' | 'setItem'>

/** Whether the banner shows for `plan` at `now`, given what `storage` remembers. */
export function showsBlackFridayBanner(plan: Plan, now: number, storage: ClosedStorage): boolean {
  if (!shouldShowBlackFridayBanner(plan, now)) {
    return false
  }
  return storage.getItem(BLACK_FRIDAY_CLOSED_KEY) !== String(new Date(now).getUTCFullYear())
}

/** Remembers that the banner was closed during `now`'s Black Friday week. */
export function closeBlackFridayBanner(now: number, storage: ClosedStorage): void {
  storage.setItem(BLACK_FRIDAY_CLOSED_KEY, String(new Date(now).getUTCFullYear()))
}
