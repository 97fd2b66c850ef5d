// A setup file of the end-to-end project: under `npm test` the builds (web app, site, and the
// extension these tests load) run beside the unit and sync tests instead of before them (ADR 084,
// scripts/src/test-preflight.ts), so an end-to-end file first waits for them to end. The summary
// reporter names the outcome's file in INKMARK_PREFLIGHT_BUILDS and the wait's deadline (one for
// the whole run) in INKMARK_PREFLIGHT_BUILDS_DEADLINE. Without INKMARK_TEST_PREFLIGHT (a file run
// alone, `npm run test:e2e`) the builds are the caller's, as before, and nothing is waited for.
// With it but without the outcome's file, the preflight did not start (`npm test -- --reporter=dot`
// replaces the summary reporter): the files fail, rather than pass against stale builds.
import { readFile } from 'node:fs/promises'
import { setTimeout as delay } from 'node:timers/promises'

/** The same names as in scripts/src/test-preflight.ts and scripts/src/summary-reporter.ts. */
const OUTCOME_ENV = 'INKMARK_PREFLIGHT_BUILDS'
const DEADLINE_ENV = 'INKMARK_PREFLIGHT_BUILDS_DEADLINE'
const PREFLIGHT_ENV = 'INKMARK_TEST_PREFLIGHT'
/** Without a deadline in the environment: a bound, not a timing claim. */
const FALLBACK_WAIT_MS = 30 * 60_000
const POLL_MS = 500

interface BuildsOutcome {
  ok: boolean
  failed: string[]
  reason?: string
}

async function waitForBuilds(outcomeFile: string, deadline: number): Promise<void> {
  for (;;) {
    const text = await readFile(outcomeFile, 'utf8').catch(() => undefined)
    if (text !== undefined) {
      const outcome = JSON.parse(text) as BuildsOutcome
      if (!outcome.ok) {
        const what = outcome.reason ?? `npm run ${outcome.failed.join(', ')}`
        throw new Error(
          `The builds failed (${what}): their output is printed at the end of the run`,
        )
      }
      return
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The builds had not ended by the run's deadline (${new Date(deadline).toISOString()})`,
      )
    }
    await delay(POLL_MS)
  }
}

const outcomeFile = process.env[OUTCOME_ENV]
if (outcomeFile !== undefined) {
  const deadline = Number(process.env[DEADLINE_ENV])
  await waitForBuilds(
    outcomeFile,
    Number.isFinite(deadline) ? deadline : Date.now() + FALLBACK_WAIT_MS,
  )
} else if (process.env[PREFLIGHT_ENV] === '1') {
  throw new Error(
    `${PREFLIGHT_ENV}=1 but no builds were started for this run: the summary reporter starts them, ` +
      'and a --reporter option replaces it. Add --reporter=./scripts/src/summary-reporter.ts beside ' +
      'your reporter, or run the end-to-end files with `npm run test:e2e` after building.',
  )
}
