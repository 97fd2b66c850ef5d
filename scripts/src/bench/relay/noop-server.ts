// The relay benchmark's baseline: a Fastify server that does nothing. It is set up like the relay
// (same Fastify, same body limit, JSON bodies parsed) and answers `{}` to POST /noop and GET /noop,
// so the same requests against it measure what HTTP, Fastify and JSON parsing alone cost on this
// machine. Run as its own process by run.ts: `PORT=<port> node --import tsx noop-server.ts`.
import Fastify from 'fastify'

/** The relay's body limit (relay/src/app.ts BODY_LIMIT_BYTES). */
const BODY_LIMIT_BYTES = 8 * 1024 * 1024

async function main(): Promise<void> {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES, trustProxy: false })
  app.post('/noop', () => ({}))
  app.get('/noop', () => ({}))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
}

main().catch((error: unknown) => {
  console.error('The no-op server could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
