// The web app origin the shared extension build names (PLASMO_PUBLIC_WEBAPP_URL of `npm test`'s
// build): a fixed port, since it is built into the extension. The end-to-end files run two at a
// time (ADR 070), so the files that serve this origin or open tabs on it hold it for their whole
// run: another such file waits until it is free instead of finding the port taken, or a tab of
// its browser loading the other file's web app.
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { acquireLock, MACHINE_LOCK_DIR, type ReleaseLock } from './cross-process-lock'

export const E2E_WEBAPP_PORT = 5273
export const E2E_WEBAPP_URL = `http://127.0.0.1:${E2E_WEBAPP_PORT}`

/** How long a file waits for the origin (the longest holder takes 50 to 100 s). */
export const WEBAPP_ORIGIN_WAIT_MS = 170_000

/** Waits until no other end-to-end file holds the e2e web app origin, then holds it. */
export function holdE2eWebappOrigin(): Promise<ReleaseLock> {
  return acquireLock(
    join(MACHINE_LOCK_DIR, `webapp-origin-${E2E_WEBAPP_PORT}`),
    WEBAPP_ORIGIN_WAIT_MS,
  )
}

/**
 * Holds the e2e web app origin for the whole of the calling describe block (call it first in the
 * block, so that its release runs after the block's own afterAll has closed the server).
 */
export function holdE2eWebappOriginDuringBlock(): void {
  let release: ReleaseLock | undefined
  beforeAll(async () => {
    release = await holdE2eWebappOrigin()
  }, WEBAPP_ORIGIN_WAIT_MS + 10_000)
  afterAll(async () => {
    await release?.()
  })
}
