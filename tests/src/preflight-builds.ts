// A setup file of the end-to-end project: under `npm test` the builds (web app, site, and the
// extension these tests load) run beside the unit and sync tests instead of before them (ADR 084,
// scripts/src/test-preflight.ts), so an end-to-end file first waits for them to end. The summary
// reporter names the outcome's file in INKMARK_PREFLIGHT_BUILDS; without it (a file run alone,
// `npm run test:e2e`) the builds are the caller's, as before, and nothing is waited for.
import { readFile } from 'node:fs/promises'
import { setTimeout as delay } from 'node:timers/promises'

/** The same name as BUILDS_OUTCOME_ENV in scripts/src/test-preflight.ts. */
const OUTCOME_ENV = 'INKMARK_PREFLIGHT_BUILDS'
/** A bound, not a timing claim: the builds take 2 to 5 min on a loaded 2-core machine. */
const WAIT_LIMIT_MS = 30 * 60_000
const POLL_MS = 500

async function waitForBuilds(outcomeFile: string): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS
  for (;;) {
    const text = await readFile(outcomeFile, 'utf8').catch(() => undefined)
    if (text !== undefined) {
      const outcome = JSON.parse(text) as { ok: boolean; failed: string[] }
      if (!outcome.ok) {
        throw new Error(
          `The builds failed (npm run ${outcome.failed.join(', ')}): their output is printed at the end of the run`,
        )
      }
      return
    }
    if (Date.now() > deadline) {
      throw new Error(`The builds had not ended after ${WAIT_LIMIT_MS / 60_000} min`)
    }
    await delay(POLL_MS)
  }
}

const outcomeFile = process.env[OUTCOME_ENV]
if (outcomeFile !== undefined) {
  await waitForBuilds(outcomeFile)
}
