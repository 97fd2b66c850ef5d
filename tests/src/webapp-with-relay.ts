// The web app built against a real relay of its own: the relay's address must be in the build
// (VITE_RELAY_URL, in the bundle and in the CSP's connect-src) and the app's origin in the relay's
// CORS list (INKMARK_WEB_ORIGINS), and each is only known once the other has a port. The app is
// built once for every such test with a placeholder relay address that cannot collide with a real
// one (the .invalid top-level domain never resolves), and served with the placeholder's host and
// port replaced by the relay's (webapp-server.ts `substitutions`, ADR 063): a random port no
// longer means a build of its own. The relay process reads its env when it starts, so the app is
// served first and the relay started last.
import type { RelayProcess } from './relay-process'
import { startWebapp, type WebappServer } from './webapp-server'

/** The host of the placeholder relay address: reserved (RFC 6761), so it reaches nothing. */
export const RELAY_PLACEHOLDER_HOST = 'relay.e2e-placeholder.invalid'
/** The relay address the shared build is made with, replaced when served. */
export const RELAY_PLACEHOLDER_URL = `http://${RELAY_PLACEHOLDER_HOST}:1`

/**
 * Serves the placeholder build with `relayUrl` in its place. Host and port are replaced (not the
 * whole URL), so every form the build holds follows: http:// in the bundle, http:// and ws:// in
 * the CSP of `_headers`, the nginx snippet and index.html's meta tag. Any other form of the
 * placeholder's host left in a served file fails the start.
 */
export async function startWebappForRelay(relayUrl: string): Promise<WebappServer> {
  const placeholder = new URL(RELAY_PLACEHOLDER_URL)
  const relay = new URL(relayUrl)
  if (relay.protocol !== placeholder.protocol || relay.pathname !== '/') {
    throw new Error(`The placeholder build stands in for an http:// origin only, not ${relayUrl}`)
  }
  const previous = process.env.VITE_RELAY_URL
  process.env.VITE_RELAY_URL = RELAY_PLACEHOLDER_URL
  try {
    return await startWebapp({
      substitutions: { [placeholder.host]: relay.host },
      leftovers: [RELAY_PLACEHOLDER_HOST],
    })
  } finally {
    if (previous === undefined) {
      delete process.env.VITE_RELAY_URL
    } else {
      process.env.VITE_RELAY_URL = previous
    }
  }
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
