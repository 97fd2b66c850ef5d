// The relay process: reads its configuration, listens, and shuts down cleanly on SIGINT/SIGTERM.
import Fastify from 'fastify'
import { relayApp } from './app'
import { readRelayConfig } from './config'

const RELAY_VERSION = '0.1.0'

async function main(): Promise<void> {
  const config = readRelayConfig(process.env)
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } })
  await app.register(relayApp, { version: RELAY_VERSION })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  const address = await app.listen({ host: config.host, port: config.port })
  app.log.info(`Inkmark relay listening on ${address}`)
}

main().catch((error: unknown) => {
  console.error('The relay could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
