// Every misc route is limited twice: per address before anything else runs (onRequest, the
// relay's @fastify/rate-limit), and per account once the login token is checked, so one account
// cannot spread its calls over many addresses, nor one address over many accounts. Each route
// (or group of routes, `name`) keeps counts of its own.
import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify'
import { authenticate, currentUser } from '../accounts/authenticate'

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
  preHandler: preHandlerHookHandler[]
}

const MINUTE_MS = 60_000

/**
 * The options that make a misc route need login and count its calls:
 * `app.post('/x', { ...miscRouteGuards(app, limits), schema }, handler)`.
 */
export function miscRouteGuards(app: FastifyInstance, limits: MiscRateLimits): MiscRouteGuards {
  const perAccount = app.rateLimit({
    max: limits.perAccountPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `${limits.name}:account:${currentUser(request)._id}`,
  })
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
