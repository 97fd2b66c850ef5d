// The relay of the sharing benchmark (scripts/src/bench/sharing.ts), run as its own process:
// `PORT=<port> node --import tsx relay/src/testing/sharing-bench-server.ts` with the relay's usual
// environment. It is the production relay (createRelay on its configured storage) plus one route
// that exists only here: GET /bench/static?bytes=N answers N bytes of HTML held in memory, made once
// per size, as a static file server with a memory cache would. The benchmark compares the public
// page and the discover feed with it: same process, same Fastify, same size, no work.
import { createRelay } from '../app'
import { readRelayConfig } from '../config'
import { openStorage } from '../storage/open-storage'

/** The largest static answer the benchmark may ask for. */
const MAX_STATIC_BYTES = 1024 * 1024

const staticFiles = new Map<number, Buffer>()

/** N bytes of a valid HTML document (padded with a comment). */
function staticFile(bytes: number): Buffer {
  let file = staticFiles.get(bytes)
  if (file === undefined) {
    const head = '<!doctype html><title>static</title><!--'
    const tail = '-->'
    file = Buffer.from(
      `${head}${'x'.repeat(Math.max(0, bytes - head.length - tail.length))}${tail}`,
    )
    staticFiles.set(bytes, file)
  }
  return file
}

async function main(): Promise<void> {
  const config = readRelayConfig(process.env)
  const storage = await openStorage(config)
  const app = await createRelay({ config, storage, version: 'bench' })
  app.get<{ Querystring: { bytes?: string } }>('/bench/static', (request, reply) => {
    const bytes = Math.min(Math.max(Number(request.query.bytes ?? 0) || 0, 0), MAX_STATIC_BYTES)
    return reply.type('text/html; charset=utf-8').send(staticFile(bytes))
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  await app.listen({ host: config.host, port: config.port })
}

main().catch((error: unknown) => {
  console.error(
    'The sharing bench relay could not start:',
    error instanceof Error ? error.message : error,
  )
  process.exit(1)
})
