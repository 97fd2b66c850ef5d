import { describe, expect, it } from 'vitest'
import { giftDate, giftLabel, giveawayUrl } from './giveaway-api'

describe('gift link words', () => {
  it('names the gift', () => {
    expect(giftLabel({ planType: 'PREMIUM', days: 30 })).toBe('a month of Premium')
    expect(giftLabel({ planType: 'ULTIMATE', days: 14 })).toBe('14 days of Ultimate')
  })

  it('dates in words, the same day for every reader', () => {
    expect(giftDate(Date.UTC(2026, 11, 26, 23, 30))).toBe('26 December 2026')
  })

  it('builds the link on the app origin', () => {
    expect(giveawayUrl('abc_DEF-123', 'https://app.example')).toBe(
      'https://app.example/giveaway/abc_DEF-123',
    )
  })
})
