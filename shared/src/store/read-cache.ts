// The spec's 5-second read cache: repeated queries within the lifetime return the same result
// without scanning the library again, and any write (local or from sync) clears everything.

/** How long a cached read stays valid (spec section 9: data cache lifetime 5 seconds). */
export const READ_CACHE_TTL_MS = 5000

interface CacheEntry {
  value: unknown
  expiresAt: number
}

/** A keyed cache of query results with a time-to-live, cleared as a whole on writes. */
export class ReadCache {
  private readonly entries = new Map<string, CacheEntry>()

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = READ_CACHE_TTL_MS,
  ) {}

  /** The cached value of `key`, computing and caching it when missing or expired. */
  get<T>(key: string, compute: () => T): T {
    const entry = this.entries.get(key)
    const time = this.now()
    if (entry && entry.expiresAt > time) {
      return entry.value as T
    }
    const value = compute()
    this.entries.set(key, { value, expiresAt: time + this.ttlMs })
    return value
  }

  /** Forgets every cached value. */
  clear(): void {
    this.entries.clear()
  }

  /** How many values are cached (for tests). */
  get size(): number {
    return this.entries.size
  }
}
