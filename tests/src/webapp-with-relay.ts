// The web app built against a real relay of its own: the relay's address must be in the build
// (VITE_RELAY_URL) and the app's origin in the relay's CORS list (INKMARK_WEB_ORIGINS), and each
// is only known once the other has a port. The relay process reads its env when it starts, so
// the port is picked first, the app built and served, and the relay started last.
import type { RelayProcess } from './relay-process'
import { startWebapp, type WebappServer } from './webapp-server'

/** Starts a relay and the web app built to call it. */
export async function startWebappWithRelay(
  createRelay: (env: Record<string, string>) => Promise<RelayProcess>,
): Promise<{ relay: RelayProcess; server: WebappServer }> {
  const env: Record<string, string> = {}
  const relay = await createRelay(env)
  const previous = process.env.VITE_RELAY_URL
  process.env.VITE_RELAY_URL = relay.url
  let server: WebappServer
  try {
    server = await startWebapp()
  } finally {
    if (previous === undefined) {
      delete process.env.VITE_RELAY_URL
    } else {
      process.env.VITE_RELAY_URL = previous
    }
  }
  env.INKMARK_WEB_ORIGINS = server.url
  await relay.start()
  return { relay, server }
}
