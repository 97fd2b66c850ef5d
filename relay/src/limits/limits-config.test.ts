import { describe, expect, it } from 'vitest'
import { DEFAULT_RELAY_LIMITS, readRelayLimits, readTrustProxy } from './limits-config'
import { TokenBuckets, retryAfterSeconds } from './token-buckets'

describe('readTrustProxy', () => {
  it('trusts nobody by default, a hop count, or a list of proxies', () => {
    expect(readTrustProxy(undefined)).toBe(false)
    expect(readTrustProxy(' ')).toBe(false)
    expect(readTrustProxy('false')).toBe(false)
    expect(readTrustProxy('2')).toBe(2)
    expect(readTrustProxy('10.0.0.1, 10.1.0.0/16,loopback, ::1')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ])
  })

  it('refuses “true” and what is no address, with a message that says what to give', () => {
    expect(() => readTrustProxy('true')).toThrow(/hops|addresses/)
    expect(() => readTrustProxy('proxy.example.com')).toThrow(/not an address/)
  })
})

describe('readRelayLimits', () => {
  it('takes the defaults, or one number per limit for its burst and its rate a minute', () => {
    expect(readRelayLimits({})).toEqual(DEFAULT_RELAY_LIMITS)
    const limits = readRelayLimits({
      INKMARK_LIMIT_SYNC: '5',
      INKMARK_MAX_SOCKETS: '3',
      INKMARK_ACCOUNT_QUOTA_MB: '2',
    })
    expect(limits.syncPerAccount).toEqual({ burst: 5, perMinute: 5 })
    expect(limits.socketsPerAccount).toBe(3)
    expect(limits.accountQuotaBytes).toBe(2 * 1024 * 1024)
  })

  it('refuses values that are not positive numbers', () => {
    expect(() => readRelayLimits({ INKMARK_LIMIT_SYNC: 'many' })).toThrow(/INKMARK_LIMIT_SYNC/)
    expect(() => readRelayLimits({ INKMARK_MAX_SOCKETS: '0' })).toThrow(/INKMARK_MAX_SOCKETS/)
    expect(() => readRelayLimits({ INKMARK_MAX_SOCKETS: '1.5' })).toThrow(/whole number/)
  })
})

describe('TokenBuckets', () => {
  it('gives a burst, then refills at its rate on the clock it is given', () => {
    let now = 0
    const buckets = new TokenBuckets({ burst: 2, perMinute: 6 }, () => now)
    expect(buckets.take('a')).toEqual({ ok: true })
    expect(buckets.take('a')).toEqual({ ok: true })
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterMs: 10_000 })
    expect(buckets.take('b')).toEqual({ ok: true })
    now += 5_000
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterMs: 5_000 })
    now += 5_000
    expect(buckets.take('a')).toEqual({ ok: true })
    buckets.refund('a')
    expect(buckets.take('a')).toEqual({ ok: true })
    expect(retryAfterSeconds(1)).toBe(1)
    expect(retryAfterSeconds(10_001)).toBe(11)
  })

  it('forgets the buckets that refilled once many keys have come', () => {
    let now = 0
    const buckets = new TokenBuckets({ burst: 1, perMinute: 60 }, () => now)
    for (let key = 0; key < 10_000; key += 1) {
      buckets.take(`k${key}`)
    }
    now += 60_000
    for (let key = 0; key < 10_000; key += 1) {
      buckets.take(`later${key}`)
    }
    // The first 10,000 refilled and were swept; the later ones are still busy.
    expect(buckets.size).toBe(10_000)
  })
})
