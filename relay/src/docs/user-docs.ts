// The cache of live docs (live-doc.ts), keyed by user and doc name. A doc stays in memory while a
// room or a request holds a lease on it; once nobody does, it is dropped after an idle time, and
// sooner when the cache is over its byte budget (least recently used first). A doc with a write or
// a compaction in flight is never dropped, so eviction cannot lose an update: what is dropped is
// all in storage, and the next use reloads it from there (docs/adr/031-relay-memory.md).
import type { RelayStorage } from '../storage/relay-storage'
import { LiveDoc } from './live-doc'

/** How the cache bounds itself. */
export interface DocCacheOptions {
  /** Bytes of docs (their stored logs) kept beyond those in use. */
  budgetBytes: number
  /** A doc nobody has used for this long is dropped. */
  idleMillis: number
  now: () => number
  /** Runs once on each doc loaded, before anyone gets it (the library's deletion guard). */
  onLoaded?: (live: LiveDoc) => Promise<void> | void
}

/** A doc held in memory until `release` (idempotent). */
export interface DocLease {
  readonly live: LiveDoc
  release(): void
}

interface CacheEntry {
  readonly live: LiveDoc
  /** The first load; the entry is usable once it resolves. */
  readonly ready: Promise<void>
  leases: number
  lastUsed: number
}

const keyOf = (userId: string, name: string) => `${userId}\u0000${name}`

const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024
const DEFAULT_IDLE_MILLIS = 5 * 60 * 1000
/** The longest pause between two sweeps for idle docs. */
const MAX_SWEEP_INTERVAL_MS = 30_000

export class UserDocs {
  private readonly entries = new Map<string, CacheEntry>()
  private readonly timer: ReturnType<typeof setInterval>
  private budgetCheckQueued = false
  private readonly options: DocCacheOptions

  constructor(
    private readonly storage: RelayStorage,
    options: Partial<DocCacheOptions> = {},
  ) {
    this.options = {
      budgetBytes: DEFAULT_BUDGET_BYTES,
      idleMillis: DEFAULT_IDLE_MILLIS,
      now: Date.now,
      ...options,
    }
    const interval = Math.max(1000, Math.min(MAX_SWEEP_INTERVAL_MS, this.options.idleMillis / 2))
    this.timer = setInterval(() => this.sweep(), interval)
    this.timer.unref()
  }

  /** Holds the live doc `name` of `userId`, loaded and caught up with storage, until released. */
  async acquire(userId: string, name: string): Promise<DocLease> {
    const key = keyOf(userId, name)
    let entry = this.entries.get(key)
    const created = entry === undefined
    if (!entry) {
      const live = new LiveDoc(userId, name, this.storage, (failed) => this.drop(key, failed))
      const ready = live.catchUp().then(() => this.options.onLoaded?.(live))
      entry = { live, ready, leases: 0, lastUsed: this.options.now() }
      this.entries.set(key, entry)
      // A failed load is forgotten, so the next use tries again.
      ready.catch(() => this.drop(key, live))
    }
    const held = entry
    held.leases += 1
    held.lastUsed = this.options.now()
    let released = false
    const release = () => {
      if (!released) {
        released = true
        held.leases -= 1
        held.lastUsed = this.options.now()
        this.queueBudgetCheck()
      }
    }
    try {
      await held.ready
      if (!created) {
        await held.live.catchUp()
      }
    } catch (error) {
      release()
      throw error
    }
    return { live: held.live, release }
  }

  /** Runs `work` with the live doc held, releasing it after. */
  async use<T>(userId: string, name: string, work: (live: LiveDoc) => Promise<T> | T): Promise<T> {
    const lease = await this.acquire(userId, name)
    try {
      return await work(lease.live)
    } finally {
      lease.release()
    }
  }

  /** The live doc, caught up, for a use that ends before the next turn of the event loop. */
  async open(userId: string, name: string): Promise<LiveDoc> {
    const lease = await this.acquire(userId, name)
    lease.release()
    return lease.live
  }

  /** Whether the doc is in memory (for tests and the soak benchmark). */
  isCached(userId: string, name: string): boolean {
    return this.entries.has(keyOf(userId, name))
  }

  /** The number of docs in memory and the bytes the budget counts for them. */
  stats(): { docs: number; bytes: number } {
    let bytes = 0
    for (const entry of this.entries.values()) {
      bytes += entry.live.sizeBytes
    }
    return { docs: this.entries.size, bytes }
  }

  /**
   * Drops the docs that may go: those idle past the idle time, then, least recently used first,
   * as many as it takes to bring the cache under its budget. Docs held by a lease, listened to by
   * a room, still loading, or with a write or compaction in flight stay.
   */
  sweep(): void {
    const now = this.options.now()
    let total = 0
    const candidates: [string, CacheEntry][] = []
    for (const [key, entry] of this.entries) {
      total += entry.live.sizeBytes
      if (entry.leases === 0 && entry.live.updateListeners.size === 0 && entry.live.isSettled) {
        candidates.push([key, entry])
      }
    }
    candidates.sort(([, a], [, b]) => a.lastUsed - b.lastUsed)
    for (const [key, entry] of candidates) {
      if (now - entry.lastUsed < this.options.idleMillis && total <= this.options.budgetBytes) {
        break
      }
      total -= entry.live.sizeBytes
      this.drop(key, entry.live)
    }
  }

  /** Sweeps once per turn of the event loop after leases are released (for the budget). */
  private queueBudgetCheck(): void {
    if (!this.budgetCheckQueued) {
      this.budgetCheckQueued = true
      setImmediate(() => {
        this.budgetCheckQueued = false
        this.sweep()
      })
    }
  }

  private drop(key: string, live: LiveDoc): void {
    if (this.entries.get(key)?.live === live) {
      this.entries.delete(key)
    }
    live.doc.destroy()
  }

  /**
   * Destroys a doc and removes its stored log (the body of a deleted page content or chat). Rooms
   * on it are closed by the doc's destroy event; a write in flight finishes before the rows go.
   */
  async destroy(userId: string, name: string): Promise<void> {
    const key = keyOf(userId, name)
    const entry = this.entries.get(key)
    if (entry) {
      this.drop(key, entry.live)
      await entry.live.whenSettled()
    }
    await this.storage.deleteDoc(userId, name)
  }

  /** Drops a cached doc (after a storage failure, or when the user is deleted). */
  evict(userId: string, name: string): void {
    const key = keyOf(userId, name)
    const entry = this.entries.get(key)
    if (entry) {
      this.drop(key, entry.live)
    }
  }

  /** Drops every cached doc of a user. */
  evictUser(userId: string): void {
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(`${userId}\u0000`)) {
        this.evict(userId, key.slice(userId.length + 1))
      }
    }
  }

  /** Waits for pending writes and drops every doc. */
  async closeAll(): Promise<void> {
    clearInterval(this.timer)
    const entries = [...this.entries.values()]
    await Promise.allSettled(entries.map((entry) => entry.ready))
    await Promise.allSettled(entries.map((entry) => entry.live.whenSettled()))
    for (const entry of entries) {
      entry.live.doc.destroy()
    }
    this.entries.clear()
  }
}
