// The misc server (docs/adr/065-misc-server.md): a Fastify app of its own, run as its own process
// (misc-server.ts), for the calls that reach out on a user's behalf: fetching a page, printing a
// PDF, Notion and Capacities. It shares the relay's accounts: its `services` are the relay's,
// built on the same storage and JWT secret, so the relay's `authenticate` and plan lookups work
// unchanged; the relay's background upkeep (pruning, reminders) stays with the relay. Errors are
// the relay's `{ code, message }` bodies, CORS the relay's origins, limits per address and account.
import cors from '@fastify/cors'
import { isClientOrigin } from '../security/client-origins'
import rateLimit from '@fastify/rate-limit'
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify'
import type { RelayConfig } from '../config'
import { ErrorCode, RelayError, registerErrorHandling } from '../errors'
import { withRedaction } from '../logging'
import { createMailOffTransport } from '../mail/mail-transport'
import { healthRoutes } from '../routes/health'
import { signingKeysFor } from '../cluster/signing-keys'
import { createServices } from '../services'
import type { RelayStorage } from '../storage/relay-storage'
import { MISC_ROUTES } from './routes'

/** Largest request body of a misc route unless the route says otherwise. */
export const MISC_BODY_LIMIT_BYTES = 1024 * 1024

export interface MiscAppOptions {
  config: RelayConfig
  storage: RelayStorage
  version: string
  now?: () => number
  logger?: FastifyServerOptions['logger']
  /** The route modules (default MISC_ROUTES); tests register a subset. */
  routes?: readonly FastifyPluginAsync[]
}

/** Builds a ready-to-listen misc server around the relay's `storage`. Closing it closes the storage. */
export async function buildMiscApp(options: MiscAppOptions): Promise<FastifyInstance> {
  const { config, storage } = options
  const now = options.now ?? Date.now
  const app = Fastify({
    logger: withRedaction(options.logger ?? false),
    bodyLimit: MISC_BODY_LIMIT_BYTES,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : (config.trustProxy ?? false),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  })
  registerErrorHandling(app)
  // The relay's services on the same storage, without its upkeep (pruning, reminders): the relay
  // does that, and two processes would send every reminder twice.
  const keys = await signingKeysFor(config, storage.cluster?.signingKeys, now)
  const services = createServices(config, storage, keys, createMailOffTransport(), now, {
    upkeep: false,
  })
  app.decorate('services', services)
  if (config.misc.fetcher.allowLoopback) {
    app.log.warn(
      'INKMARK_FETCHER_ALLOW_LOOPBACK=1: /page-content and the /tools/ routes may fetch from this machine (127.0.0.0/8, ::1). This is for tests only; never set it on a server others use',
    )
  }

  await app.register(cors, {
    origin: (origin, callback) => {
      callback(null, isClientOrigin(origin, config.webOrigins))
    },
    allowedHeaders: [
      'authorization',
      'content-type',
      'wh-timezone',
      'wh-browser-type',
      'wh-app-type',
      'x-notion-token',
      'x-capacities-token',
    ],
    exposedHeaders: ['content-disposition', 'retry-after'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  })
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  })
  // A body declared a little over a route's limit is read and dropped before the 413, so the
  // client reads the 413 rather than a reset connection (as the relay does, app.ts).
  app.addHook('preParsing', async (request, _reply, payload) => {
    const declared = Number(request.headers['content-length'])
    const limit = request.routeOptions.bodyLimit ?? MISC_BODY_LIMIT_BYTES
    if (declared > limit && declared <= 4 * limit) {
      for await (const _chunk of payload) {
        // Dropped: only the 413 matters.
      }
      throw new RelayError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'Payload too large')
    }
    return payload
  })
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const [first] = errors
    return new Error(`${dataVar}${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}`)
  })
  app.addHook('onSend', async (_request, reply) => {
    // Nothing the misc server answers is for a shared cache: answers are per user.
    if (!reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store')
    }
  })

  await app.register(healthRoutes, { version: options.version, service: 'misc' })
  for (const routes of options.routes ?? MISC_ROUTES) {
    await app.register(routes)
  }
  app.addHook('onClose', async () => {
    services.sessions.close()
    await services.rooms.closeAll()
    await services.docs.closeAll()
    await storage.close()
  })
  return app
}
