// The limits of the free tools (docs/adr/074), which need no login. Counted per address before
// anything else (a minute's count, whoever is asking); then, when the call carries a login token,
// it must be valid (401 otherwise) and the account's per-minute count applies; without one, the
// address's daily count does. So a signed-in person is not held to the anonymous day, and nobody
// gets round the per-address minute by sending tokens.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import { authenticate } from '../../accounts/authenticate'
import { refusingOver } from '../misc-rate-limit'

/** A free tool's limits. */
export interface ToolRateLimits {
  /** Names the counters (one set per tool). */
  name: string
  /** Calls per address and minute, signed in or not. */
  perAddressPerMinute: number
  /** Calls per address and day without a login token. */
  perAddressPerDay: number
  /** Calls per account and minute with a valid login token. */
  perAccountPerMinute: number
}

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * 60_000
/** Addresses the daily count remembers (the plugin's default, 5,000, is small for a day). */
const DAILY_ADDRESSES_KEPT = 50_000

/** Whole hours (at least 1) for a daily limit's message. */
function hoursUntil(seconds: number): string {
  const hours = Math.max(1, Math.ceil(seconds / 3600))
  return hours === 1 ? '1 hour' : `${hours} hours`
}

/** The options a free tool's route spreads: `app.post('/tools/x', { ...toolRouteGuards(app, limits) })`. */
export function toolRouteGuards(
  app: FastifyInstance,
  limits: ToolRateLimits,
): { onRequest: onRequestHookHandler[] } {
  const perAddress = refusingOver(
    app.createRateLimit({
      max: limits.perAddressPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request) => `${limits.name}:address:${request.ip}`,
    }),
  )
  // `cache` is read by the plugin's store (store/LocalStore.js) but missing from its types.
  const daily = {
    max: limits.perAddressPerDay,
    timeWindow: DAY_MS,
    cache: DAILY_ADDRESSES_KEPT,
    keyGenerator: (request: FastifyRequest) => `${limits.name}:address-day:${request.ip}`,
  }
  const perAddressDaily = refusingOver(
    app.createRateLimit(daily),
    (seconds) =>
      `You have used today's ${limits.perAddressPerDay} free uses of this tool. Sign in to Inkmark to keep going, or try again in ${hoursUntil(seconds)}.`,
  )
  const perAccount = refusingOver(
    app.createRateLimit({
      max: limits.perAccountPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request) => `${limits.name}:account:${request.user?._id ?? ''}`,
    }),
  )
  const signedInOrDaily = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization === undefined) {
      await perAddressDaily(request, reply)
      return
    }
    // A token that is sent must be valid: a refused one is a 401, never a silent anonymous call.
    await authenticate(request, reply)
    await perAccount(request, reply)
  }
  return { onRequest: [perAddress, signedInOrDaily] }
}
