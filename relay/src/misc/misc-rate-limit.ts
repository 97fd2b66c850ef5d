// Every misc route is limited twice: per address before anything else runs (onRequest, the
// relay's @fastify/rate-limit), and per account once the login token is checked, so one account
// cannot spread its calls over many addresses, nor one address over many accounts. Each route
// (or group of routes, `name`) keeps counts of its own.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify'
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

/** What a misc route spreads into its options: the per-address limit, login, the per-account limit. */
export interface MiscRouteGuards {
  /** The per-address count first, then login, before the body is even read. */
  onRequest: onRequestHookHandler[]
  preHandler: preHandlerAsyncHookHandler[]
}

const MINUTE_MS = 60_000

/** The 429 message of a count that is over, from the seconds until it resets. */
export type RateLimitMessage = (retryAfterSeconds: number) => string

const tryAgainIn: RateLimitMessage = (seconds) => `Too many requests. Try again in ${seconds} s.`

/** A hook that answers 429 (with Retry-After) once `limiter` says the count is over. */
export function refusingOver(
  limiter: ReturnType<FastifyInstance['createRateLimit']>,
  message: RateLimitMessage = tryAgainIn,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    const counted = await limiter(request)
    if (!counted.isAllowed && counted.isExceeded) {
      void reply.header('retry-after', String(counted.ttlInSeconds))
      throw new RelayError(429, ErrorCode.RATE_LIMITED, message(counted.ttlInSeconds))
    }
  }
}

/**
 * The options that make a misc route need login and count its calls:
 * `app.post('/x', { ...miscRouteGuards(app, limits), schema }, handler)`. Both counts are limiters
 * of their own (createRateLimit) run as hooks in this order, not the plugin's route `config`,
 * whose hook Fastify would place after the route's own onRequest (after login, so every refused
 * token would be verified, and looked up, before anything counted it).
 */
export function miscRouteGuards(app: FastifyInstance, limits: MiscRateLimits): MiscRouteGuards {
  const perAddress = refusingOver(
    app.createRateLimit({
      max: limits.perAddressPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request) => `${limits.name}:address:${request.ip}`,
    }),
  )
  const perAccount = refusingOver(
    app.createRateLimit({
      max: limits.perAccountPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request) => `${limits.name}:account:${currentUser(request)._id}`,
    }),
  )
  return {
    onRequest: [perAddress, authenticate],
    preHandler: [perAccount],
  }
}
