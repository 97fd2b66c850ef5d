// The relay: a Fastify instance with its plugins in order — external ones (CORS, rate limits,
// websockets) before the app's services, before the routes — and the options that make every route
// strict: JSON schemas with no type coercion and no silently dropped properties, a body limit
// answered by 413 'Payload too large', and errors as coded JSON bodies.
import cors from '@fastify/cors'
import { isClientOrigin } from './security/client-origins'
import rateLimit from '@fastify/rate-limit'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { checkMailSetup, isLoopbackHost, type RelayConfig } from './config'
import { ErrorCode, RelayError, registerErrorHandling } from './errors'
import type { TrustProxy } from './limits/limits-config'
import { limitsPlugin } from './limits/limits-plugin'
import { withRedaction } from './logging'
import {
  createMailOffTransport,
  createOutboxTransport,
  createSmtpTransport,
  type MailTransport,
} from './mail/mail-transport'
import { accountRoutes } from './routes/accounts'
import { billingRoutes } from './routes/billing'
import { devRoutes } from './routes/dev'
import { eventRoutes } from './routes/events'
import { giveawayRoutes } from './routes/giveaways'
import { checkWithin, healthRoutes, type Readiness } from './routes/health'
import { learningRoutes } from './routes/learning'
import { notificationRoutes } from './routes/notifications'
import { operatorRoutes } from './routes/operator'
import { planRoutes } from './routes/plans'
import { publicPageRoutes } from './routes/public-pages'
import { readRoutes } from './routes/reads'
import { roomRoutes } from './routes/rooms'
import { ROOM_RESTART_CLOSE_CODE } from './rooms/rooms'
import { sharingRoutes } from './routes/sharing'
import { subscriptionRoutes } from './routes/subscription'
import { syncRoutes } from './routes/sync'
import { createServices } from './services'
import { signingKeysFor, type SigningKeyRing } from './cluster/signing-keys'
import type { RelayStorage } from './storage/relay-storage'

/** Largest request body accepted (a /sync batch of 20 saved pages fits comfortably). */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024
/**
 * A body declared larger than the limit but not larger than this is read and dropped before the
 * 413 is sent. Answering at once (Fastify's way) closes the connection while the client is still
 * sending, and the client often sees a reset (EPIPE) instead of the 413: a sync client would take
 * the server for unreachable and never set the oversized entity aside. Beyond this size the
 * connection is still closed at once, so nobody can make the relay read without end.
 */
export const DRAIN_LIMIT_BYTES = 4 * BODY_LIMIT_BYTES

/** Chooses where mail goes: SMTP, the dev outbox when asked for, else nowhere. */
function mailTransportFor(config: RelayConfig, storage: RelayStorage, now: () => number) {
  if (config.smtpUrl) {
    return createSmtpTransport(config.smtpUrl, 'Inkmark <no-reply@inkmark.app>')
  }
  return config.devOutbox ? createOutboxTransport(storage, now) : createMailOffTransport()
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Draining: shutting down, readiness fails so that a proxy sends traffic elsewhere. */
    relayState: { draining: boolean }
  }
  interface FastifyContextConfig {
    /** The answer carries a token: `Cache-Control: no-store`, so no cache keeps it. */
    noStore?: boolean
  }
}

export interface CreateRelayOptions {
  config: RelayConfig
  storage: RelayStorage
  version: string
  mail?: MailTransport
  now?: () => number
  logger?: FastifyServerOptions['logger']
  /** The signing keys (else those of the configuration or the storage). */
  keys?: SigningKeyRing
}

/** Fastify's trustProxy for ours: a hop count as the function Fastify itself would make of it. */
function fastifyTrustProxy(
  trust: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : (trust ?? false)
}

/** How long readiness waits for the database. */
export const READINESS_TIMEOUT_MS = 2_000

/** How long one database check answers readiness (a public endpoint: a flood makes no queries). */
export const READINESS_CACHE_MS = 500

/** The database's readiness, checked at most once per READINESS_CACHE_MS, one check at a time. */
function databaseReadiness(storage: RelayStorage, now: () => number): () => Promise<string> {
  let last: { at: number; outcome: Promise<string> } | undefined
  return () => {
    const at = now()
    if (!last || at - last.at >= READINESS_CACHE_MS) {
      last = { at, outcome: checkWithin(storage.ping(), READINESS_TIMEOUT_MS) }
      // Checked again as soon as this one has answered, so an outage or its end shows at once.
      const current = last
      void current.outcome.then(() => {
        if (last === current && now() - current.at >= READINESS_CACHE_MS) {
          last = undefined
        }
      })
    }
    return last.outcome
  }
}

/** Whether this instance should get traffic (routes/health.ts). */
async function relayReadiness(
  app: FastifyInstance,
  database: () => Promise<string>,
): Promise<Readiness> {
  const { storage } = app.services
  const checks: Record<string, string> = { database: await database() }
  if (storage.cluster) {
    checks.clusterBus = storage.cluster.bus.connected ? 'ok' : 'disconnected'
  }
  if (app.relayState.draining) {
    checks.shutdown = 'draining'
  }
  return { ready: Object.values(checks).every((check) => check === 'ok'), checks }
}

/** Builds a ready-to-listen relay around `storage`. Closing it closes rooms, docs and storage. */
export async function createRelay(options: CreateRelayOptions): Promise<FastifyInstance> {
  const { config, storage } = options
  // The same refusal as at start-up, for callers that build the configuration themselves.
  checkMailSetup(config)
  const now = options.now ?? Date.now
  const app = Fastify({
    logger: withRedaction(options.logger ?? false),
    bodyLimit: BODY_LIMIT_BYTES,
    // request.ip is the peer's address unless proxies are trusted (per-address rate limits).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  })
  registerErrorHandling(app)
  app.decorate('relayState', { draining: false })
  // Before the server stops: readiness fails, and live clients are told to come back (1012,
  // service restart; behind a proxy, to another instance) before the websocket server drops them.
  app.addHook('preClose', async () => {
    app.relayState.draining = true
    await app.services.rooms.closeAll(ROOM_RESTART_CLOSE_CODE, 'Relay restarting')
  })
  const mail = options.mail ?? mailTransportFor(config, storage, now)
  const keys = options.keys ?? (await signingKeysFor(config, storage.cluster?.signingKeys, now))
  app.decorate('services', createServices(config, storage, keys, mail, now))
  if (mail.kind === 'off') {
    app.log.warn(
      'MAIL IS OFF: no SMTP_URL and no INKMARK_DEV_OUTBOX=1, so nobody can confirm an email or reset a password on this relay (those calls answer MAIL_UNAVAILABLE)',
    )
  }
  if (config.production && mail.kind === 'smtp' && !config.publicUrl) {
    app.log.warn(
      "INKMARK_PUBLIC_URL is unset: reminder emails' one-click unsubscribe header points at HOST:PORT, which mail clients outside this machine cannot reach",
    )
  }
  // Said wherever it could matter: in production (only with INKMARK_ALLOW_TEST_BILLING=1, see
  // billing-config.ts) or beyond this machine (tests run it on loopback).
  if (
    app.services.billing.provider.kind === 'test' &&
    (config.production || !isLoopbackHost(config.host))
  ) {
    app.log.warn(
      'TEST PAYMENT PROVIDER (INKMARK_BILLING_PROVIDER=test): checkouts complete on a local page and no money moves, so anyone with an account can give themselves any plan',
    )
  }
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.noStore) {
      void reply.header('cache-control', 'no-store')
    }
  })

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
    ],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  })
  await app.register(rateLimit, {
    global: false,
    // Shared by every instance on PostgreSQL (ADR 085); this instance's memory on SQLite.
    ...(storage.cluster ? { store: storage.cluster.windowStore } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  })
  await app.register(websocket, { options: { maxPayload: BODY_LIMIT_BYTES } })
  await app.register(limitsPlugin)

  app.addHook('preParsing', async (request, _reply, payload) => {
    const declared = Number(request.headers['content-length'])
    if (declared > BODY_LIMIT_BYTES && declared <= DRAIN_LIMIT_BYTES) {
      for await (const _chunk of payload) {
        // Dropped: only the 413 matters, and the client must be able to read it.
      }
      throw new RelayError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'Payload too large')
    }
    return payload
  })

  app.setSchemaErrorFormatter((errors, dataVar) => {
    const [first] = errors
    return new Error(`${dataVar}${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}`)
  })

  const database = databaseReadiness(storage, Date.now)
  await app.register(healthRoutes, {
    version: options.version,
    readiness: () => relayReadiness(app, database),
  })
  await app.register(accountRoutes)
  await app.register(planRoutes)
  await app.register(notificationRoutes)
  await app.register(syncRoutes)
  await app.register(readRoutes)
  await app.register(eventRoutes)
  await app.register(giveawayRoutes)
  await app.register(learningRoutes)
  await app.register(roomRoutes)
  await app.register(billingRoutes)
  await app.register(subscriptionRoutes)
  await app.register(sharingRoutes)
  await app.register(publicPageRoutes)
  await app.register(operatorRoutes)
  if (config.devOutbox && mail.kind === 'outbox') {
    await app.register(devRoutes)
  }
  app.addHook('onClose', async () => {
    app.services.stopUpkeep()
    await app.services.reminders.idle()
    app.services.sessions.close()
    await app.services.rooms.closeAll(ROOM_RESTART_CLOSE_CODE, 'Relay restarting')
    await app.services.docs.closeAll()
    await storage.close()
  })
  return app
}
