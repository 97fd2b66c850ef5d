// How long a client waits before it calls the relay again after a failure: exactly the relay's
// Retry-After when it sent one (never earlier; a little jitter after, so clients told the same
// time do not all come back at once), exponential back-off with jitter otherwise, and what to tell
// the person meanwhile ("Sync paused: too many requests, retrying in 12 s").
// docs/adr/030-relay-limits.md.

/** Why sync (or a live room) is paused. */
export const SyncPauseReason = {
  RATE_LIMITED: 'rate-limited',
  QUOTA_EXCEEDED: 'quota-exceeded',
  FAILED: 'failed',
} as const
export type SyncPauseReason = (typeof SyncPauseReason)[keyof typeof SyncPauseReason]

/** A pause: why, until when, and the relay's own words when it gave any. */
export interface SyncPause {
  reason: SyncPauseReason
  /** Epoch milliseconds of the next attempt. */
  retryAt: number
  /** The relay's message (a quota's figures), if any. */
  detail?: string
}

/** First delay of the back-off, then doubled each failure up to the most. */
export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000
/** A full account waits longer: space is freed by a person, not by time. */
export const QUOTA_BACKOFF_BASE_MS = 60_000
export const QUOTA_BACKOFF_MAX_MS = 30 * 60_000
/** Most jitter added after a Retry-After, as a share of it. */
const RETRY_AFTER_JITTER = 0.1

export interface BackoffOptions {
  baseMs?: number
  maxMs?: number
  /** A number in [0, 1) (Math.random); tests fix it. */
  random?: () => number
}

/** Exponential back-off with jitter ("equal jitter": half fixed, half random). */
export class Backoff {
  private failures = 0

  constructor(private readonly options: BackoffOptions = {}) {}

  /** The delay before the next attempt; `retryAfterMs` (the relay's) is the least it can be. */
  next(retryAfterMs?: number): number {
    const random = this.options.random ?? Math.random
    this.failures += 1
    if (retryAfterMs !== undefined && retryAfterMs >= 0) {
      return Math.ceil(retryAfterMs * (1 + RETRY_AFTER_JITTER * random()))
    }
    const base = this.options.baseMs ?? BACKOFF_BASE_MS
    const max = this.options.maxMs ?? BACKOFF_MAX_MS
    const ceiling = Math.min(max, base * 2 ** Math.min(this.failures - 1, 30))
    return Math.ceil(ceiling / 2 + (ceiling / 2) * random())
  }

  /** Failures since the last success. */
  get attempts(): number {
    return this.failures
  }

  /** A call succeeded: start again from the base delay. */
  reset(): void {
    this.failures = 0
  }
}

/** Milliseconds of a Retry-After header (seconds, or an HTTP date), or undefined. */
export function parseRetryAfter(
  header: string | null | undefined,
  now: number,
): number | undefined {
  const text = header?.trim()
  if (!text) {
    return undefined
  }
  if (/^\d+$/.test(text)) {
    return Number(text) * 1000
  }
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Whole seconds until `retryAt`, at least 1. */
export function secondsUntil(retryAt: number, now: number): number {
  return Math.max(1, Math.ceil((retryAt - now) / 1000))
}

/** What to tell the person about a pause, counting down to the next attempt. */
export function syncPauseMessage(pause: SyncPause, now: number): string {
  const retrying = `retrying in ${secondsUntil(pause.retryAt, now)} s`
  switch (pause.reason) {
    case SyncPauseReason.RATE_LIMITED:
      return `Sync paused: too many requests, ${retrying}.`
    case SyncPauseReason.QUOTA_EXCEEDED:
      return `Sync paused: ${pause.detail ?? 'storage full on the server.'} Your changes are kept on this device; ${retrying}.`
    default:
      return `Sync failed, ${retrying}.`
  }
}
