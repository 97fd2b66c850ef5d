import { describe, expect, it } from 'vitest'
import {
  FREE_PAGE_CONTENT_QUOTA_BYTES,
  PREMIUM_PAGE_CONTENT_QUOTA_BYTES,
  QUOTA_EXCEEDED,
  QuotaPlan,
  ULTIMATE_PAGE_CONTENT_QUOTA_BYTES,
  checkPageContentQuota,
  pageContentQuotaBytes,
  pageContentSizeUsed,
} from './storage-quota'

describe('pageContentQuotaBytes', () => {
  it('uses the spec values in base 1000', () => {
    expect(FREE_PAGE_CONTENT_QUOTA_BYTES).toBe(10 * 1000 * 1000)
    expect(PREMIUM_PAGE_CONTENT_QUOTA_BYTES).toBe(100 * 1000 * 1000)
    expect(ULTIMATE_PAGE_CONTENT_QUOTA_BYTES).toBe(1000 * 1000 * 1000)
  })

  it('gives Free and other plans 10 MB, Premium 100 MB, Ultimate 1 GB', () => {
    expect(pageContentQuotaBytes('OFFLINE')).toBe(10_000_000)
    expect(pageContentQuotaBytes('FREE')).toBe(10_000_000)
    expect(pageContentQuotaBytes('PREMIUM')).toBe(100_000_000)
    expect(pageContentQuotaBytes('ULTIMATE')).toBe(1_000_000_000)
  })

  it('gives the free trial, which unlocks everything, the Ultimate quota', () => {
    expect(pageContentQuotaBytes(QuotaPlan.FREE_TRIAL)).toBe(1_000_000_000)
  })

  it('gives an unknown plan the Free quota', () => {
    expect(pageContentQuotaBytes('LEGACY' as QuotaPlan)).toBe(10_000_000)
  })
})

describe('pageContentSizeUsed', () => {
  it('is the sum of content lengths', () => {
    expect(pageContentSizeUsed([])).toBe(0)
    expect(pageContentSizeUsed([{ content: 'abc' }, { content: 'hello' }])).toBe(8)
  })

  it('prefers a stored length over the text', () => {
    expect(pageContentSizeUsed([{ length: 1000, content: 'abc' }, { length: 24 }])).toBe(1024)
  })

  it('falls back to the text when the stored length is unusable', () => {
    expect(
      pageContentSizeUsed([
        { length: Number.NaN, content: 'abcd' },
        { length: -3, content: 'ab' },
        { length: Number.POSITIVE_INFINITY },
        {},
      ]),
    ).toBe(6)
  })
})

describe('checkPageContentQuota', () => {
  it('accepts content that fits, including exactly up to the quota', () => {
    expect(checkPageContentQuota(0, 1000, 'FREE')).toEqual({ ok: true })
    expect(checkPageContentQuota(9_000_000, 1_000_000, 'FREE')).toEqual({ ok: true })
    expect(checkPageContentQuota(50_000_000, 1_000_000, 'PREMIUM')).toEqual({ ok: true })
  })

  it('refuses content that would exceed the quota, naming the sizes', () => {
    expect(checkPageContentQuota(9_500_000, 600_000, 'FREE')).toEqual({
      ok: false,
      reason: QUOTA_EXCEEDED,
      usedBytes: 9_500_000,
      quotaBytes: 10_000_000,
      message:
        'Storage full. This page needs 600 KB, and 9.5 MB of your 10 MB are already used. ' +
        'Delete saved pages or upgrade your plan for more space.',
    })
    expect(QUOTA_EXCEEDED).toBe('quota-exceeded')
  })

  it('applies the plan quota', () => {
    const premium = checkPageContentQuota(99_900_000, 200_000, 'PREMIUM')
    expect(premium.ok).toBe(false)
    expect(checkPageContentQuota(99_900_000, 200_000, 'ULTIMATE')).toEqual({ ok: true })
    expect(checkPageContentQuota(10_000_001, 0, 'OFFLINE').ok).toBe(false)
  })

  it('offers no upgrade on the largest quota', () => {
    const result = checkPageContentQuota(999_000_000, 2_000_000, 'ULTIMATE')
    expect(result).toMatchObject({ ok: false, quotaBytes: 1_000_000_000 })
    expect(result.ok ? '' : result.message).toBe(
      'Storage full. This page needs 2 MB, and 999 MB of your 1 GB are already used. ' +
        'Delete saved pages to free up space.',
    )
    const trial = checkPageContentQuota(999_000_000, 2_000_000, 'FREE_TRIAL')
    expect(trial.ok ? '' : trial.message).toContain('Delete saved pages to free up space.')
  })

  it('treats negative or NaN sizes as zero and never fits an infinite one', () => {
    expect(checkPageContentQuota(Number.NaN, 1000, 'FREE')).toEqual({ ok: true })
    expect(checkPageContentQuota(-5, -5, 'FREE')).toEqual({ ok: true })
    expect(checkPageContentQuota(10_000_000, Number.NaN, 'FREE')).toEqual({ ok: true })
    expect(checkPageContentQuota(0, Number.POSITIVE_INFINITY, 'FREE').ok).toBe(false)
  })
})
