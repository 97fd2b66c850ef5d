// The misc server's process (docs/adr/065): the relay's configuration and storage (the same
// accounts database and JWT secret), its own port (MISC_PORT, default 8788), and a clean shutdown
// on SIGINT/SIGTERM.
import { readRelayConfig } from './config'
import { buildMiscApp } from './misc/app'
import { openStorage } from './storage/open-storage'

const MISC_VERSION = '0.1.0'

async function main(): Promise<void> {
  const config = readRelayConfig(process.env)
  const storage = await openStorage(config)
  const app = await buildMiscApp({
    config,
    storage,
    version: MISC_VERSION,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  const address = await app.listen({ host: config.misc.host, port: config.misc.port })
  app.log.info(`Inkmark misc server listening on ${address} (${storage.kind} storage)`)
}

main().catch((error: unknown) => {
  console.error('The misc server could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
