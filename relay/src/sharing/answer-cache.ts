// A short memory of the anonymous aggregate answers (explore tags, websites, the discover feed's
// first pages), which read every listed page and each owner's plan: under load one answer serves
// everyone for a few seconds instead of one scan per request. Every write of this relay that can
// change them (a projection run, a like, hiding or showing a page, a sharer's library leaving
// memory) forgets them at once, so unsharing on this relay is still gone at once; what other
// relays write, an account deletion or a plan that lapses show within the time to live
// (docs/adr/057-sharing-on-the-relay.md, review addendum). Kept per storage, i.e. per relay.

/** How long an anonymous aggregate answer is reused. */
export const PUBLIC_ANSWER_TTL_MS = 5000

/** Most answers kept per relay (keys include a tag anyone may send): beyond, all are dropped. */
export const PUBLIC_ANSWER_MAX_ENTRIES = 500

interface Entry {
  at: number
  value: Promise<unknown>
}

const caches = new WeakMap<object, Map<string, Entry>>()

/** The answer for `key` computed at most PUBLIC_ANSWER_TTL_MS ago, else computed now. */
export function cachedPublicAnswer<T>(
  storage: object,
  key: string,
  now: number,
  compute: () => Promise<T>,
): Promise<T> {
  let cache = caches.get(storage)
  if (!cache) {
    cache = new Map()
    caches.set(storage, cache)
  }
  const hit = cache.get(key)
  if (hit && now - hit.at >= 0 && now - hit.at < PUBLIC_ANSWER_TTL_MS) {
    return hit.value as Promise<T>
  }
  if (cache.size >= PUBLIC_ANSWER_MAX_ENTRIES) {
    cache.clear()
  }
  const value = compute()
  const entry = { at: now, value }
  cache.set(key, entry)
  // A failed answer is not kept.
  value.catch(() => {
    if (cache.get(key) === entry) {
      cache.delete(key)
    }
  })
  return value
}

/** Forgets every cached answer of `storage` (called on each write that may change them). */
export function invalidatePublicAnswers(storage: object): void {
  caches.get(storage)?.clear()
}
