// The relay's limits and whom it trusts to say a client's address, read from the environment with
// defaults a heavy real user never reaches (docs/adr/030-relay-limits.md): the limits are there
// to stop abuse and runaway clients, and tests set low values to reach them.

/** A token bucket: up to `burst` at once, `perMinute` more each minute. */
export interface BucketLimit {
  burst: number
  perMinute: number
}

/** Every limit the relay enforces per account or per address. */
export interface RelayLimits {
  /** Failed sign-ins per account (email); a success gives its token back. */
  signInPerAccount: BucketLimit
  /** Sign-ups per email. */
  signUpPerAccount: BucketLimit
  /** Password-reset mails per email. */
  resetMailPerAccount: BucketLimit
  /** Confirmation mails per account (resend). */
  confirmationMailPerAccount: BucketLimit
  /** Requests to /sync (every method) per account. */
  syncPerAccount: BucketLimit
  /** Requests to the other signed-in endpoints (reads, plans, notifications) per account. */
  apiPerAccount: BucketLimit
  /** Learning reports (PUT /learning-info) per account. */
  learningInfoPerAccount: BucketLimit
  /** Room messages per account, over every socket of that account. */
  roomMessagesPerAccount: BucketLimit
  /** Open room sockets per account. */
  socketsPerAccount: number
  /** Bytes of stored doc updates per account. */
  accountQuotaBytes: number
}

/** Whom Fastify trusts for X-Forwarded-For: nobody, the nearest N hops, or these addresses. */
export type TrustProxy = false | number | string[]

const MB = 1024 * 1024

/** The defaults (a day of heavy use stays far below each). */
export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  signInPerAccount: { burst: 10, perMinute: 1 },
  signUpPerAccount: { burst: 5, perMinute: 1 },
  resetMailPerAccount: { burst: 5, perMinute: 0.1 },
  confirmationMailPerAccount: { burst: 5, perMinute: 0.1 },
  // An import of 24,000 entities is 1,200 batches of 20: it fits the burst.
  syncPerAccount: { burst: 1200, perMinute: 1200 },
  apiPerAccount: { burst: 600, perMinute: 600 },
  // A device reports after learning changes, debounced: a fast learner sends a few a minute.
  learningInfoPerAccount: { burst: 60, perMinute: 20 },
  // Typing in a note sends tens of updates a second; a flood sends thousands.
  roomMessagesPerAccount: { burst: 3000, perMinute: 12_000 },
  // One per open app tab, extension and device: a lot of tabs fit.
  socketsPerAccount: 64,
  accountQuotaBytes: 1024 * MB,
}

function readNumber(env: Record<string, string | undefined>, name: string): number | undefined {
  const text = env[name]?.trim()
  if (!text) {
    return undefined
  }
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got '${text}'`)
  }
  return value
}

function readBucket(
  env: Record<string, string | undefined>,
  name: string,
  fallback: BucketLimit,
): BucketLimit {
  const perMinute = readNumber(env, name)
  // One number sets both: that many at once, and that many more each minute.
  return perMinute === undefined ? fallback : { burst: perMinute, perMinute }
}

/** The limits from `env` (INKMARK_LIMIT_*, INKMARK_MAX_SOCKETS, INKMARK_ACCOUNT_QUOTA_MB). */
export function readRelayLimits(env: Record<string, string | undefined>): RelayLimits {
  const defaults = DEFAULT_RELAY_LIMITS
  const sockets = readNumber(env, 'INKMARK_MAX_SOCKETS')
  if (sockets !== undefined && !Number.isInteger(sockets)) {
    throw new Error(`INKMARK_MAX_SOCKETS must be a whole number, got '${sockets}'`)
  }
  const quotaMb = readNumber(env, 'INKMARK_ACCOUNT_QUOTA_MB')
  return {
    signInPerAccount: readBucket(env, 'INKMARK_LIMIT_SIGN_IN', defaults.signInPerAccount),
    signUpPerAccount: readBucket(env, 'INKMARK_LIMIT_SIGN_UP', defaults.signUpPerAccount),
    resetMailPerAccount: readBucket(env, 'INKMARK_LIMIT_MAIL', defaults.resetMailPerAccount),
    confirmationMailPerAccount: readBucket(
      env,
      'INKMARK_LIMIT_MAIL',
      defaults.confirmationMailPerAccount,
    ),
    syncPerAccount: readBucket(env, 'INKMARK_LIMIT_SYNC', defaults.syncPerAccount),
    apiPerAccount: readBucket(env, 'INKMARK_LIMIT_API', defaults.apiPerAccount),
    learningInfoPerAccount: readBucket(
      env,
      'INKMARK_LIMIT_LEARNING_INFO',
      defaults.learningInfoPerAccount,
    ),
    roomMessagesPerAccount: readBucket(
      env,
      'INKMARK_LIMIT_ROOM_MESSAGES',
      defaults.roomMessagesPerAccount,
    ),
    socketsPerAccount: sockets ?? defaults.socketsPerAccount,
    accountQuotaBytes:
      quotaMb === undefined ? defaults.accountQuotaBytes : Math.round(quotaMb * MB),
  }
}

const IPV4_OR_CIDR = /^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/
const IPV6_OR_CIDR = /^[0-9a-f:]+(\/\d{1,3})?$/i
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * INKMARK_TRUST_PROXY: unset, empty or 'false' trusts nobody (request.ip is the peer's address);
 * a whole number trusts that many proxy hops; otherwise a comma list of proxy addresses, CIDRs or
 * proxy-addr's names (loopback, linklocal, uniquelocal). 'true' is refused: trusting every hop
 * lets any client choose its address, and so its rate-limit bucket.
 */
export function readTrustProxy(text: string | undefined): TrustProxy {
  const value = text?.trim() ?? ''
  if (value === '' || value === 'false' || value === '0') {
    return false
  }
  if (/^\d+$/.test(value)) {
    return Number(value)
  }
  if (value === 'true') {
    throw new Error(
      "INKMARK_TRUST_PROXY=true would let any client choose its address: give the number of proxy hops or the proxies' addresses",
    )
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    if (!IPV4_OR_CIDR.test(entry) && !IPV6_OR_CIDR.test(entry) && !NAMED_RANGES.has(entry)) {
      throw new Error(
        `INKMARK_TRUST_PROXY: '${entry}' is not an address, a CIDR, a hop count or loopback/linklocal/uniquelocal`,
      )
    }
  }
  return entries
}
