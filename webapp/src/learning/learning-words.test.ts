import { describe, expect, it } from 'vitest'
import { reviewWhenLabel } from './learning-words'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 5, 15, 12)

describe('reviewWhenLabel', () => {
  it('says when a card comes back, in words', () => {
    expect(reviewWhenLabel(NOW - DAY, NOW, 0)).toBe('today')
    expect(reviewWhenLabel(NOW + 2 * 3_600_000, NOW, 0)).toBe('today')
    expect(reviewWhenLabel(NOW + DAY, NOW, 0)).toBe('tomorrow')
    expect(reviewWhenLabel(NOW + 6 * DAY, NOW, 0)).toBe('in 6 days')
    expect(reviewWhenLabel(NOW + 90 * DAY, NOW, 0)).toBe('in 3 months')
    expect(reviewWhenLabel(NOW + 30 * DAY * 1.5 + 15 * DAY, NOW, 0)).toBe('in 2 months')
    expect(reviewWhenLabel(NOW + 360 * DAY, NOW, 0)).toBe('in 12 months')
    expect(reviewWhenLabel(NOW + 400 * DAY, NOW, 0)).toBe('in 1 year')
  })

  it('counts calendar days in the learner’s zone', () => {
    // 23:00 UTC is already tomorrow at UTC+2.
    expect(reviewWhenLabel(Date.UTC(2026, 5, 15, 23), NOW, 120)).toBe('tomorrow')
  })
})
