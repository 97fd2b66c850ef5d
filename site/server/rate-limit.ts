// A per-address request limit for the site server: a fixed window per address. Over the limit the
// server answers 429 with Retry-After. The table forgets finished windows as it goes, so a flood
// of addresses cannot grow it without bound.

export interface RateLimitOptions {
  /** Requests allowed per address per window. */
  max: number
  windowMs: number
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 600, windowMs: 60_000 }

export interface RateLimiter {
  /** Counts a request; `retryAfterSeconds` when it is over the limit. */
  hit(
    address: string,
    now: number,
  ): { allowed: true } | { allowed: false; retryAfterSeconds: number }
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  let lastSweep = 0
  return {
    hit(address, now) {
      if (now - lastSweep >= options.windowMs) {
        lastSweep = now
        for (const [key, window] of windows) {
          if (now - window.start >= options.windowMs) {
            windows.delete(key)
          }
        }
      }
      const current = windows.get(address)
      if (current === undefined || now - current.start >= options.windowMs) {
        windows.set(address, { start: now, count: 1 })
        return { allowed: true }
      }
      current.count += 1
      if (current.count <= options.max) {
        return { allowed: true }
      }
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((current.start + options.windowMs - now) / 1000)),
      }
    },
  }
}
