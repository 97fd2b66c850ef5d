// The sync benchmark's baseline server: Fastify with the relay's body limit and CORS for the
// benchmark page, where POST /noop parses the body and answers `{}`. Its own process, as the relay
// is, so both are reached the same way. PORT and ORIGIN come from the environment.
import cors from '@fastify/cors'
import Fastify from 'fastify'

const app = Fastify({ bodyLimit: 8 * 1024 * 1024, logger: false })
await app.register(cors, { origin: process.env.ORIGIN ?? false })
app.post('/noop', () => ({}))
app.get('/health', () => ({ ok: true }))
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`)
