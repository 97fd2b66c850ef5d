// The relay's per-account limits as one plugin, added to the routes as they are registered (the
// way @fastify/rate-limit adds its per-address limit), so each route keeps its own code: failed
// sign-ins, sign-ups, reset and confirmation mails per account; /sync and every other signed-in
// endpoint per account; the storage quota on /sync writes; and the room limits for the websocket
// route. Over a limit the answer is 429 with Retry-After and the coded body, or 507
// QUOTA_EXCEEDED with the figures (docs/adr/030-relay-limits.md).
import { ObjectStore, type StoredRecord } from '@inkmark/shared'
import type {
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  onResponseHookHandler,
  preHandlerHookHandler,
} from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { ErrorCode } from '../errors'
import { AccountUsage } from './account-usage'
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits-config'
import { RoomLimits } from './room-limits'
import { TokenBuckets, retryAfterSeconds, type TakeResult } from './token-buckets'

/** A /sync entity refused for a quota, as the /sync answer lists it. */
export interface QuotaRejection {
  _id: string
  _objectStore: string
  message: string
  code: typeof ErrorCode.QUOTA_EXCEEDED
}

/** What handlers reach as `app.limits`. */
export interface LimitsService {
  limits: RelayLimits
  usage: AccountUsage
  rooms: RoomLimits
  /**
   * The entities that fit the plan's page-content quota; the others are returned as rejections
   * with the spec's 'Storage full' message.
   */
  fitPageContents(
    userId: string,
    entities: readonly StoredRecord[],
  ): Promise<{ accepted: StoredRecord[]; rejected: QuotaRejection[] }>
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: LimitsService
  }
}

function sendRateLimited(reply: FastifyReply, retryAfterMs: number, what: string): FastifyReply {
  const seconds = retryAfterSeconds(retryAfterMs)
  return reply
    .code(429)
    .header('retry-after', String(seconds))
    .send({
      code: ErrorCode.RATE_LIMITED,
      message: `Too many ${what}. Try again in ${seconds} s.`,
    })
}

function normalizedEmail(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined
}

type KeyOf = (request: FastifyRequest) => string | undefined

/** Buckets of this instance (SQLite) or shared by every instance (PostgreSQL, ADR 085). */
interface Buckets {
  take(key: string): TakeResult | Promise<TakeResult>
  refund(key: string): void | Promise<void>
}

interface Rule {
  buckets: Buckets
  key: KeyOf
  what: string
  /** Give the token back when the request succeeds (only failures count). */
  refundOnSuccess?: boolean
}

/** A route's hooks of one kind as a list (Fastify takes one hook, a list, or none). */
function hooksOf<T>(existing: T | T[] | undefined): T[] {
  return existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]
}

/** Registers the limits; needs `app.services`. */
export const limitsPlugin = fastifyPlugin(
  (app, _options, done) => {
    const { config, storage, library, now } = app.services
    const limits: RelayLimits = { ...DEFAULT_RELAY_LIMITS, ...config.limits }
    const shared = storage.cluster
    const bucket = (name: string, limit: RelayLimits[keyof RelayLimits]): Buckets => {
      const bucketLimit = limit as RelayLimits['syncPerAccount']
      return shared ? shared.buckets(name, bucketLimit, now) : new TokenBuckets(bucketLimit, now)
    }
    const usage = new AccountUsage(storage, library, limits.accountQuotaBytes, now, config)
    const userKey: KeyOf = (request) => request.user?._id
    const bodyEmail: KeyOf = (request) =>
      normalizedEmail((request.body as { email?: unknown } | undefined)?.email)
    const rules: Record<string, Rule> = {
      'POST /auth': {
        buckets: bucket('signInPerAccount', limits.signInPerAccount),
        key: bodyEmail,
        what: 'failed sign-ins for this account',
        refundOnSuccess: true,
      },
      'POST /users/register': {
        buckets: bucket('signUpPerAccount', limits.signUpPerAccount),
        key: bodyEmail,
        what: 'sign-ups for this email',
      },
      'POST /users/reset-password': {
        buckets: bucket('resetMailPerAccount', limits.resetMailPerAccount),
        key: (request) => normalizedEmail((request.query as { email?: unknown }).email),
        what: 'reset mails for this account',
      },
      'PUT /learning-info': {
        buckets: bucket('learningInfoPerAccount', limits.learningInfoPerAccount),
        key: userKey,
        what: 'learning reports',
      },
      'POST /users/resend-email-confirmation': {
        buckets: bucket('confirmationMailPerAccount', limits.confirmationMailPerAccount),
        key: userKey,
        what: 'confirmation mails for this account',
      },
    }
    const sync: Rule = {
      buckets: bucket('syncPerAccount', limits.syncPerAccount),
      key: userKey,
      what: 'sync requests',
    }
    const api: Rule = {
      buckets: bucket('apiPerAccount', limits.apiPerAccount),
      key: userKey,
      what: 'requests',
    }

    const limitBy =
      (rule: Rule): preHandlerHookHandler =>
      (request, reply, next) => {
        const key = rule.key(request)
        if (key === undefined) {
          next()
          return
        }
        Promise.resolve(rule.buckets.take(key)).then((taken) => {
          if (taken.ok) {
            next()
            return
          }
          void sendRateLimited(reply, taken.retryAfterMs, rule.what)
        }, next)
      }

    const checkQuota: preHandlerHookHandler = (request, reply, next) => {
      const userId = request.user?._id
      if (userId === undefined || request.method === 'DELETE') {
        // Deleting is how space is freed: never refused.
        next()
        return
      }
      const incoming = Number(request.headers['content-length']) || 0
      storage.getStoredBytes(userId).then((used) => {
        const refusal = usage.checkStorage(used, incoming)
        if (!refusal) {
          next()
          return
        }
        void reply.code(507).send({ code: ErrorCode.QUOTA_EXCEEDED, ...refusal })
      }, next)
    }

    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      const url = route.url
      const named = methods.map((method) => rules[`${method} ${url}`]).find(Boolean)
      const rule = named ?? (url === '/sync' ? sync : api)
      const preHandlers: preHandlerHookHandler[] = [limitBy(rule)]
      if (url === '/sync') {
        preHandlers.push(checkQuota)
      }
      route.preHandler = [...hooksOf(route.preHandler), ...preHandlers]
      if (rule.refundOnSuccess) {
        const refund: onResponseHookHandler = (request, reply, next) => {
          const key = rule.key(request)
          if (key !== undefined && reply.statusCode < 400) {
            void Promise.resolve(rule.buckets.refund(key)).catch(() => undefined)
          }
          next()
        }
        route.onResponse = [...hooksOf(route.onResponse), refund]
      }
    })

    app.decorate('limits', {
      limits,
      usage,
      rooms: new RoomLimits(limits, usage, now),
      async fitPageContents(userId, entities) {
        if (!entities.some((entity) => entity._objectStore === ObjectStore.PAGE_CONTENTS)) {
          return { accepted: [...entities], rejected: [] }
        }
        const figures = await usage.read(userId)
        const lengths = new Map<string, number>()
        for (const stored of await library.list(userId, ObjectStore.PAGE_CONTENTS)) {
          lengths.set(stored._id, typeof stored.length === 'number' ? stored.length : 0)
        }
        const { accepted, refused } = usage.checkPageContents(
          figures,
          entities,
          (id) => lengths.get(id) ?? 0,
        )
        return {
          accepted,
          rejected: refused.map(({ entity, check }) => ({
            _id: entity._id,
            _objectStore: String(entity._objectStore),
            message: check.ok ? '' : check.message,
            code: ErrorCode.QUOTA_EXCEEDED,
          })),
        }
      },
    } satisfies LimitsService)
    done()
  },
  { name: 'inkmark-limits' },
)
