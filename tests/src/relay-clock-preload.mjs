/* global process */
// A test clock for a relay process, like Playwright's installed clock for the browser: loaded with
// NODE_OPTIONS=--import, it starts the process's Date at INKMARK_TEST_CLOCK_MILLIS and lets it run
// on from there, so the relay's own date rules (Black Friday prices, token lifetimes) can be
// pinned by a test while the relay's code runs unchanged (tests/src/relay-clock.ts).
const start = Number(process.env.INKMARK_TEST_CLOCK_MILLIS)
if (Number.isFinite(start)) {
  const RealDate = Date
  const offset = start - RealDate.now()
  class TestClockDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) {
        super(RealDate.now() + offset)
      } else {
        super(...args)
      }
    }

    static now() {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = TestClockDate
}
