// A fixed local noon for tests that group by date ("Today", "Yesterday"): entities made "an hour
// ago" by the real clock fall into yesterday when a run crosses midnight (CI did, at 23:59), so
// these tests start the browser's clock at this time and date their entities from it. The clock
// then runs on naturally (Playwright's installed clock), so timers and ordering behave as usual.
import type { BrowserContext } from 'playwright-core'

/** Noon, local time, on a fixed day: hours either side stay on that day. */
export const TEST_NOW = new Date(2026, 5, 15, 12, 0, 0).getTime()

/** Start the pages' clock of `context` at TEST_NOW; call before the first navigation. */
export async function startClockAtTestNow(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: TEST_NOW })
}
