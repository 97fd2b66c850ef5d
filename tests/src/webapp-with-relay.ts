// The web app built against a real relay of its own: the relay's address must be in the build
// (VITE_RELAY_URL, in the bundle and in the CSP's connect-src) and the app's origin in the relay's
// CORS list (INKMARK_WEB_ORIGINS), and each is only known once the other has a port. The app is
// built once for every such test with a placeholder relay address that cannot collide with a real
// one (the .invalid top-level domain never resolves), and served with the placeholder's host and
// port replaced by the relay's (webapp-server.ts `substitutions`, ADR 063): a random port no
// longer means a build of its own. The relay process reads its env when it starts, so the app is
// served first and the relay started last. The misc server's address (VITE_MISC_URL) is built in
// the same way, with a placeholder of its own: filled in by tests that start one, and left
// pointing nowhere (.invalid) by the others, so the misc features fail as on a server without it.
import { reserveMiscUrl, startMisc, type MiscProcess } from './misc-process'
import type { RelayProcess } from './relay-process'
import { startWebapp, type WebappServer } from './webapp-server'

/** The host of the placeholder relay address: reserved (RFC 6761), so it reaches nothing. */
export const RELAY_PLACEHOLDER_HOST = 'relay.e2e-placeholder.invalid'
/** The relay address the shared build is made with, replaced when served. */
export const RELAY_PLACEHOLDER_URL = `http://${RELAY_PLACEHOLDER_HOST}:1`
/** The host of the placeholder misc server address (docs/adr/065). */
export const MISC_PLACEHOLDER_HOST = 'misc.e2e-placeholder.invalid'
/** The misc server address the shared build is made with, replaced when served. */
export const MISC_PLACEHOLDER_URL = `http://${MISC_PLACEHOLDER_HOST}:1`

/** Runs `build` with the build variables set to the placeholders, restoring them after. */
async function withPlaceholders<T>(build: () => Promise<T>): Promise<T> {
  const previous = { relay: process.env.VITE_RELAY_URL, misc: process.env.VITE_MISC_URL }
  process.env.VITE_RELAY_URL = RELAY_PLACEHOLDER_URL
  process.env.VITE_MISC_URL = MISC_PLACEHOLDER_URL
  try {
    return await build()
  } finally {
    for (const [name, value] of [
      ['VITE_RELAY_URL', previous.relay],
      ['VITE_MISC_URL', previous.misc],
    ] as const) {
      if (value === undefined) {
        delete process.env[name]
      } else {
        process.env[name] = value
      }
    }
  }
}

function sameShape(url: string, placeholderUrl: string): URL {
  const placeholder = new URL(placeholderUrl)
  const real = new URL(url)
  if (real.protocol !== placeholder.protocol || real.pathname !== '/') {
    throw new Error(`The placeholder build stands in for an http:// origin only, not ${url}`)
  }
  return real
}

/**
 * Serves the placeholder build with `relayUrl` in its place (and `miscUrl` in the misc server's,
 * when given). Host and port are replaced (not the whole URL), so every form the build holds
 * follows: http:// in the bundle, http:// and ws:// in the CSP of `_headers`, the nginx snippet
 * and index.html's meta tag. Any other form of the relay placeholder's host left in a served file
 * fails the start.
 */
export async function startWebappForRelay(
  relayUrl: string,
  miscUrl?: string,
): Promise<WebappServer> {
  const relay = sameShape(relayUrl, RELAY_PLACEHOLDER_URL)
  const substitutions: Record<string, string> = {
    [new URL(RELAY_PLACEHOLDER_URL).host]: relay.host,
  }
  const leftovers = [RELAY_PLACEHOLDER_HOST]
  if (miscUrl !== undefined) {
    substitutions[new URL(MISC_PLACEHOLDER_URL).host] = sameShape(
      miscUrl,
      MISC_PLACEHOLDER_URL,
    ).host
    leftovers.push(MISC_PLACEHOLDER_HOST)
  }
  return withPlaceholders(() => startWebapp({ substitutions, leftovers }))
}

/** Starts a relay and the web app built to call it. */
export async function startWebappWithRelay(
  createRelay: (env: Record<string, string>) => Promise<RelayProcess>,
): Promise<{ relay: RelayProcess; server: WebappServer }> {
  const env: Record<string, string> = {}
  const relay = await createRelay(env)
  const server = await startWebappForRelay(relay.url)
  env.INKMARK_WEB_ORIGINS = server.url
  await relay.start()
  return { relay, server }
}

/** Options of startWebappWithRelayAndMisc. */
export interface WithMiscOptions {
  /** More settings for the misc server (a test site's loopback allowance, a stand-in API). */
  miscEnv?: Record<string, string>
}

/** Starts a relay, a misc server on its accounts, and the web app built to call both. */
export async function startWebappWithRelayAndMisc(
  createRelay: (env: Record<string, string>) => Promise<RelayProcess>,
  options: WithMiscOptions = {},
): Promise<{ relay: RelayProcess; misc: MiscProcess; server: WebappServer }> {
  const env: Record<string, string> = {}
  const relay = await createRelay(env)
  const reserved = await reserveMiscUrl()
  const server = await startWebappForRelay(relay.url, reserved.url)
  env.INKMARK_WEB_ORIGINS = server.url
  await relay.start()
  const misc = await startMisc(
    relay,
    { INKMARK_WEB_ORIGINS: server.url, ...options.miscEnv },
    reserved.port,
  )
  return { relay, misc, server }
}
