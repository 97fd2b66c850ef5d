// Token buckets keyed by account or address, on the relay's clock (tests move it). A key's bucket
// starts full and refills continuously; a bucket that has refilled completely carries no
// information, so such buckets are swept once the map grows, and the map stays bounded by the
// keys that are actually busy.
import type { BucketLimit } from './limits-config'

/** What taking from a bucket gave: ok, or how long until one token is back. */
export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number }

interface Bucket {
  tokens: number
  at: number
}

/** Sweep full buckets once the map holds this many keys. */
const SWEEP_AT_KEYS = 10_000

/** A set of token buckets sharing one limit. */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>()
  private sweepAt = SWEEP_AT_KEYS

  constructor(
    private readonly limit: BucketLimit,
    private readonly now: () => number,
  ) {}

  private refilled(key: string): Bucket {
    const now = this.now()
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.burst, at: now }
    const elapsed = Math.max(0, now - bucket.at)
    bucket.tokens = Math.min(
      this.limit.burst,
      bucket.tokens + (elapsed * this.limit.perMinute) / 60_000,
    )
    bucket.at = now
    return bucket
  }

  /** Takes one token from `key`'s bucket, or says when one will be there. */
  take(key: string): TakeResult {
    const bucket = this.refilled(key)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      this.buckets.set(key, bucket)
      this.sweepIfLarge()
      return { ok: true }
    }
    this.buckets.set(key, bucket)
    const missing = 1 - bucket.tokens
    const retryAfterMs =
      this.limit.perMinute > 0 ? Math.ceil((missing * 60_000) / this.limit.perMinute) : 60_000
    return { ok: false, retryAfterMs }
  }

  /** Gives one token back (a sign-in that succeeded does not count against the account). */
  refund(key: string): void {
    const bucket = this.buckets.get(key)
    if (bucket) {
      bucket.tokens = Math.min(this.limit.burst, bucket.tokens + 1)
    }
  }

  /** How many keys hold a bucket (for tests of the sweep). */
  get size(): number {
    return this.buckets.size
  }

  private sweepIfLarge(): void {
    if (this.buckets.size < this.sweepAt) {
      return
    }
    for (const key of [...this.buckets.keys()]) {
      if (this.refilled(key).tokens >= this.limit.burst) {
        this.buckets.delete(key)
      }
    }
    // Busy keys stay; sweep again only once as many more have come.
    this.sweepAt = Math.max(SWEEP_AT_KEYS, this.buckets.size * 2)
  }
}

/** Whole seconds to tell a client to wait (Retry-After), at least 1. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000))
}
