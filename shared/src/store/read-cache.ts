// The spec's 5-second read cache: repeated queries within the lifetime return the same result
// without scanning the library again, and any write (local or from sync) clears everything.
// A cached result is shared by every caller for its lifetime, so it is frozen: one caller sorting
// or emptying a list in place would otherwise change what the next caller reads.
import { deepFreeze } from './entity-table'

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

  /** The cached (frozen) value of `key`, computing and caching it when missing or expired. */
  get<T>(key: string, compute: () => T): T {
    const entry = this.entries.get(key)
    const time = this.now()
    if (entry && entry.expiresAt > time) {
      return entry.value as T
    }
    const value = deepFreeze(compute())
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
