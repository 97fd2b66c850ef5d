// The per-account rate limit of the integration routes: each call may send several requests to
// Notion or Capacities on the user's behalf, so an account gets a small bucket per service (on the
// relay's clock). Runs after `authenticate` (both onRequest); over the limit, 429 with Retry-After and the relay's
// RATE_LIMITED body, like the relay's own per-account limits (ADR 030).
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { currentUser } from '../../accounts/authenticate'
import { ErrorCode, RelayError } from '../../errors'
import type { BucketLimit } from '../../limits/limits-config'
import { TokenBuckets, retryAfterSeconds } from '../../limits/token-buckets'

/** Calls to one service per account: a burst of 20, then 30 a minute. */
export const INTEGRATION_CALLS_PER_ACCOUNT: BucketLimit = { burst: 20, perMinute: 30 }

/** An onRequest hook limiting each account's calls to `what` (the buckets live as long as the app). */
export function accountRateLimit(
  now: () => number,
  what: string,
  limit: BucketLimit = INTEGRATION_CALLS_PER_ACCOUNT,
): onRequestAsyncHookHandler {
  const buckets = new TokenBuckets(limit, now)
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const taken = buckets.take(currentUser(request)._id)
    if (!taken.ok) {
      const seconds = retryAfterSeconds(taken.retryAfterMs)
      void reply.header('retry-after', String(seconds))
      throw new RelayError(
        429,
        ErrorCode.RATE_LIMITED,
        `Too many ${what} calls. Try again in ${seconds} s.`,
      )
    }
  }
}
