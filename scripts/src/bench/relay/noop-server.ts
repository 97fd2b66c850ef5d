// The relay benchmark's baseline: a Fastify server that does nothing. It is set up like the relay
// (same Fastify, same body limit, JSON bodies parsed) and answers `{}` to POST /noop and GET /noop,
// so the same requests against it measure what HTTP, Fastify and JSON parsing alone cost on this
// machine. GET /noop?bytes=N answers a JSON text of N bytes instead (no serializing), to tell the cost of
// moving a pull page's bytes from the cost of making the page. Run as its own process by run.ts:
// `PORT=<port> node --import tsx noop-server.ts`.
import Fastify from 'fastify'

/** The relay's body limit (relay/src/app.ts BODY_LIMIT_BYTES). */
const BODY_LIMIT_BYTES = 8 * 1024 * 1024
/** A JSON text of `bytes` bytes (at least 12), made anew for each answer as the relay's are. */
function pageOf(bytes: number): string {
  return `{"pad":"${'x'.repeat(Math.max(0, bytes - 10))}"}`
}

async function main(): Promise<void> {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES, trustProxy: false })
  app.post('/noop', () => ({}))
  app.get<{ Querystring: { bytes?: string } }>('/noop', (request, reply) => {
    const bytes = Math.min(Number(request.query.bytes ?? 0) || 0, BODY_LIMIT_BYTES)
    if (bytes === 0) {
      return {}
    }
    // A string with a JSON content type is sent as it is, not serialized again.
    reply.type('application/json; charset=utf-8')
    return pageOf(bytes)
  })
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
