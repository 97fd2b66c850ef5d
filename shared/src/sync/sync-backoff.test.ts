import { describe, expect, it } from 'vitest'
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  Backoff,
  SyncPauseReason,
  parseRetryAfter,
  syncPauseMessage,
} from './sync-backoff'

describe('Backoff', () => {
  it('never waits less than the relay’s Retry-After, and adds at most a tenth as jitter', () => {
    expect(new Backoff({ random: () => 0 }).next(30_000)).toBe(30_000)
    expect(new Backoff({ random: () => 0.999 }).next(30_000)).toBeLessThanOrEqual(33_000)
    expect(new Backoff({ random: () => 0.5 }).next(30_000)).toBe(31_500)
  })

  it('doubles from the base up to the most, half fixed and half jitter, and starts over on reset', () => {
    const lowest = new Backoff({ random: () => 0 })
    const highest = new Backoff({ random: () => 0.999_999 })
    const low = Array.from({ length: 12 }, () => lowest.next())
    const high = Array.from({ length: 12 }, () => highest.next())
    expect(low.slice(0, 4)).toEqual([1000, 2000, 4000, 8000])
    expect(high.slice(0, 4)).toEqual([2000, 4000, 8000, 16_000])
    expect(Math.max(...high)).toBe(BACKOFF_MAX_MS)
    expect(low[11]).toBe(BACKOFF_MAX_MS / 2)
    lowest.reset()
    expect(lowest.next()).toBe(BACKOFF_BASE_MS / 2)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0)
    expect(parseRetryAfter('12', now)).toBe(12_000)
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90_000)
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})

describe('syncPauseMessage', () => {
  it('says why sync is paused and counts down to the next attempt', () => {
    const now = 1_000_000
    expect(
      syncPauseMessage({ reason: SyncPauseReason.RATE_LIMITED, retryAt: now + 11_200 }, now),
    ).toBe('Sync paused: too many requests, retrying in 12 s.')
    expect(
      syncPauseMessage(
        { reason: SyncPauseReason.QUOTA_EXCEEDED, retryAt: now + 60_000, detail: 'Storage full.' },
        now,
      ),
    ).toBe('Sync paused: Storage full. Your changes are kept on this device; retrying in 60 s.')
    expect(syncPauseMessage({ reason: SyncPauseReason.FAILED, retryAt: now - 5 }, now)).toBe(
      'Sync failed, retrying in 1 s.',
    )
  })
})
