// The relay process: reads its configuration, opens the storage, listens, and shuts down cleanly
// on SIGINT/SIGTERM (ADR 085): readiness fails at once (a proxy stops sending new work), then,
// after INKMARK_DRAIN_MS (0 by default; as long as the proxy's health check interval behind one),
// it stops accepting, finishes the requests in flight, tells live clients to reconnect (1012, to
// another instance behind a proxy), and flushes pending writes before the storage closes.
import { createRelay } from './app'
import { readRelayConfig } from './config'
import { openStorage } from './storage/open-storage'

const RELAY_VERSION = '0.1.0'

async function main(): Promise<void> {
  // Throws (and the process exits with the message) on an unsafe or incomplete mail set-up.
  const config = readRelayConfig(process.env)
  const storage = await openStorage(config)
  const app = await createRelay({
    config,
    storage,
    version: RELAY_VERSION,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  })
  const drainMs = readDrainMs(process.env.INKMARK_DRAIN_MS)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.relayState.draining = true
      app.log.info(`Inkmark relay: ${signal}, draining for ${drainMs} ms, then closing`)
      setTimeout(() => void app.close().then(() => process.exit(0)), drainMs)
    })
  }
  const address = await app.listen({ host: config.host, port: config.port })
  app.log.info(`Inkmark relay listening on ${address} (${storage.kind} storage)`)
}

/** INKMARK_DRAIN_MS: a whole number of milliseconds, at most a minute. */
function readDrainMs(text: string | undefined): number {
  const value = Number(text ?? 0)
  if (!Number.isInteger(value) || value < 0 || value > 60_000) {
    throw new Error('INKMARK_DRAIN_MS must be a whole number of milliseconds from 0 to 60000')
  }
  return value
}

main().catch((error: unknown) => {
  console.error('The relay could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
