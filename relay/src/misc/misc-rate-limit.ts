// Every misc route is limited twice: per address before anything else runs (onRequest, the
// relay's @fastify/rate-limit), and per account once the login token is checked, so one account
// cannot spread its calls over many addresses, nor one address over many accounts. Each route
// (or group of routes, `name`) keeps counts of its own.
import type { FastifyInstance, onRequestHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import { authenticate, currentUser } from '../accounts/authenticate'
import { ErrorCode, RelayError } from '../errors'

/** The limits of a misc route, per minute. */
export interface MiscRateLimits {
  /** Names the counter: routes with the same name share their counts. */
  name: string
  /** Calls per account and minute. */
  perAccountPerMinute: number
  /** Calls per address and minute (all accounts behind it together). */
  perAddressPerMinute: number
}

/** What a misc route spreads into its options: the per-address limit and the login + per-account limit. */
export interface MiscRouteGuards {
  config: { rateLimit: { max: number; timeWindow: number; groupId: string } }
  /** Login is checked first, before the body is even read. */
  onRequest: onRequestHookHandler[]
  preHandler: preHandlerAsyncHookHandler[]
}

const MINUTE_MS = 60_000

/**
 * The options that make a misc route need login and count its calls:
 * `app.post('/x', { ...miscRouteGuards(app, limits), schema }, handler)`.
 */
export function miscRouteGuards(app: FastifyInstance, limits: MiscRateLimits): MiscRouteGuards {
  // A limiter of its own (createRateLimit), not a second `rateLimit` hook: the plugin runs one
  // rateLimit hook per request, and the per-address one has run by then.
  const countAccount = app.createRateLimit({
    max: limits.perAccountPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `${limits.name}:account:${currentUser(request)._id}`,
  })
  const perAccount: preHandlerAsyncHookHandler = async (request, reply) => {
    const counted = await countAccount(request)
    if (!counted.isAllowed && counted.isExceeded) {
      void reply.header('retry-after', String(counted.ttlInSeconds))
      throw new RelayError(
        429,
        ErrorCode.RATE_LIMITED,
        `Too many requests. Try again in ${counted.ttlInSeconds} s.`,
      )
    }
  }
  return {
    config: {
      rateLimit: {
        max: limits.perAddressPerMinute,
        timeWindow: MINUTE_MS,
        groupId: `${limits.name}:address`,
      },
    },
    onRequest: [authenticate],
    preHandler: [perAccount],
  }
}
