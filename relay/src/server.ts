// The relay process: reads its configuration, opens the storage, listens, and shuts down cleanly
// on SIGINT/SIGTERM (pending writes are flushed before the storage closes).
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
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  const address = await app.listen({ host: config.host, port: config.port })
  app.log.info(`Inkmark relay listening on ${address} (${storage.kind} storage)`)
}

main().catch((error: unknown) => {
  console.error('The relay could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
