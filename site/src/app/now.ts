// The site's clock: every page asks it for "now", so that tests can set the time (Playwright's
// page.clock in the browser, vi.setSystemTime in unit tests).

/** Milliseconds since the epoch, now. */
export function siteNow(): number {
  return Date.now()
}
