import { describe, expect, it } from 'vitest'
import { createLearningItem } from './entities/learning-item'
import type { LearningItemState } from './learning-review'
import {
  CONFIDENCE_REVIEW_MIN_CONFIDENCE,
  CONFIDENCE_REVIEW_THRESHOLD_DAYS,
  INITIAL_EASINESS,
  INITIAL_INTERVAL,
  INITIAL_REPETITIONS,
  LEARNING_CONSTANT_DAYS,
  LearningRating,
  MAX_EASINESS_REFERENCE,
  MAX_REVIEW_DAYS,
  MIN_EASINESS,
  MemoryLevel,
  NEW_CARD_CONFIDENCE,
  discardLearningItem,
  isNewLearningItem,
  learningConfidence,
  memoryLevel,
  memoryLevelLabel,
  nextEasinessFactor,
  nextIntervalDays,
  reviewDelayDays,
  reviewLearningItem,
  undiscardLearningItem,
} from './learning-review'

const DAY = 86_400_000
const NOW = Date.UTC(2024, 2, 15, 12, 0, 0)

function learnedItem(overrides: Partial<LearningItemState> = {}): LearningItemState {
  return {
    easinessFactor: 2.5,
    interval: 10,
    repetitions: 3,
    lastLearned: NOW - 10 * DAY,
    nextReviewInMillis: NOW,
    lastLearnedHistory: [NOW - 30 * DAY, NOW - 20 * DAY, NOW - 10 * DAY],
    ...overrides,
  }
}

describe('constants', () => {
  it('uses the spec values', () => {
    expect(LearningRating).toEqual({ DONT_KNOW: 0, NEUTRAL: 2.5, KNOW: 5 })
    expect([INITIAL_EASINESS, INITIAL_INTERVAL, INITIAL_REPETITIONS]).toEqual([2.5, 1, 0])
    expect([MIN_EASINESS, MAX_EASINESS_REFERENCE]).toEqual([1.3, 3.2])
    expect([MAX_REVIEW_DAYS, CONFIDENCE_REVIEW_THRESHOLD_DAYS]).toEqual([360, 100])
    expect([CONFIDENCE_REVIEW_MIN_CONFIDENCE, NEW_CARD_CONFIDENCE]).toEqual([85, 3])
    expect(LEARNING_CONSTANT_DAYS).toBe(350)
  })
})

describe('isNewLearningItem', () => {
  it('starts a fresh item at easiness 2.5, interval 1, repetitions 0, empty history', () => {
    expect(createLearningItem()).toMatchObject({
      easinessFactor: 2.5,
      interval: 1,
      repetitions: 0,
      lastLearnedHistory: [],
    })
  })

  it('treats missing items, zero repetitions and a missing lastLearned as new', () => {
    expect(isNewLearningItem(undefined)).toBe(true)
    expect(isNewLearningItem(createLearningItem())).toBe(true)
    expect(isNewLearningItem(learnedItem({ lastLearned: undefined }))).toBe(true)
    expect(isNewLearningItem(learnedItem())).toBe(false)
  })
})

describe('nextEasinessFactor', () => {
  it('adds 0.12 for I know (5)', () => {
    expect(nextEasinessFactor(2.5, LearningRating.KNOW)).toBe(2.62)
  })

  it('subtracts 0.205 for neutral (2.5), rounding 2.295 half up to 2.3', () => {
    expect(nextEasinessFactor(2.5, LearningRating.NEUTRAL)).toBe(2.3)
  })

  it("subtracts 0.78 for don't know (0)", () => {
    expect(nextEasinessFactor(2.5, LearningRating.DONT_KNOW)).toBe(1.72)
  })

  it('never goes below 1.3', () => {
    expect(nextEasinessFactor(1.4, LearningRating.DONT_KNOW)).toBe(1.3)
    expect(nextEasinessFactor(1.3, LearningRating.NEUTRAL)).toBe(1.3)
  })

  it('is not capped at the 3.2 reference', () => {
    expect(nextEasinessFactor(3.2, LearningRating.KNOW)).toBe(3.32)
  })
})

describe('nextIntervalDays', () => {
  it('multiplies the interval by the easiness from before the review and rounds up', () => {
    expect(nextIntervalDays(createLearningItem(), LearningRating.KNOW)).toBe(3)
    expect(nextIntervalDays(learnedItem(), LearningRating.KNOW)).toBe(25)
    expect(nextIntervalDays(learnedItem(), LearningRating.NEUTRAL)).toBe(25)
  })

  it('returns 1 for a failed first review', () => {
    expect(nextIntervalDays(createLearningItem(), LearningRating.DONT_KNOW)).toBe(1)
  })

  it('uses repetitions / 3 × easiness after a failed review', () => {
    expect(nextIntervalDays(learnedItem(), LearningRating.DONT_KNOW)).toBe(3)
    expect(nextIntervalDays(learnedItem({ repetitions: 1 }), LearningRating.DONT_KNOW)).toBe(1)
    const weak = learnedItem({ repetitions: 4, easinessFactor: 1.72 })
    expect(nextIntervalDays(weak, LearningRating.DONT_KNOW)).toBe(3)
  })

  it('ignores float noise: 25 × 2.2 is 55 days, not 56', () => {
    const item = learnedItem({ interval: 25, easinessFactor: 2.2 })
    expect(nextIntervalDays(item, LearningRating.KNOW)).toBe(55)
  })
})

describe('learningConfidence', () => {
  it('is 3 for a card with zero repetitions', () => {
    expect(learningConfidence(createLearningItem())).toBe(3)
    expect(learningConfidence(learnedItem({ repetitions: 0, interval: 350 }))).toBe(3)
  })

  it('weights interval / 350 days by 80, easiness by 10 and repetitions by 10', () => {
    // 80 × 3/350 + 10 × (2.62 − 1.3)/1.9 + 10 × (1 − 1/2) = 12.63
    expect(
      learningConfidence(learnedItem({ interval: 3, easinessFactor: 2.62, repetitions: 1 })),
    ).toBe(13)
    // The weakest reviewed card still beats a never-reviewed one.
    expect(
      learningConfidence(learnedItem({ interval: 1, easinessFactor: 1.3, repetitions: 1 })),
    ).toBe(5)
  })

  it('reaches 100 at 350 days with the reference easiness and caps each share', () => {
    const full = learnedItem({ interval: 350, easinessFactor: 3.2, repetitions: 60 })
    expect(learningConfidence(full)).toBe(100)
    const beyond = learnedItem({ interval: 900, easinessFactor: 4, repetitions: 60 })
    expect(learningConfidence(beyond)).toBe(100)
  })

  it('grows with interval, easiness and repetitions', () => {
    const base = learnedItem({ interval: 100, easinessFactor: 2, repetitions: 2 })
    const value = learningConfidence(base)
    expect(learningConfidence({ ...base, interval: 200 })).toBeGreaterThan(value)
    expect(learningConfidence({ ...base, easinessFactor: 3 })).toBeGreaterThan(value)
    expect(learningConfidence({ ...base, repetitions: 5 })).toBeGreaterThan(value)
  })
})

describe('reviewDelayDays', () => {
  it('keeps intervals up to 100 days', () => {
    expect(reviewDelayDays(100, 10)).toBe(100)
  })

  it('caps the next review at 360 days', () => {
    expect(reviewDelayDays(500, 97)).toBe(360)
  })

  it('allows over 100 days with confidence 85', () => {
    expect(reviewDelayDays(300, 85)).toBe(300)
  })

  it('turns over 100 days with confidence under 85 into 100 + confidence / 2', () => {
    expect(reviewDelayDays(125, 45)).toBe(122.5)
    expect(reviewDelayDays(500, 84)).toBe(142)
  })

  it('never lengthens a review with that rule', () => {
    expect(reviewDelayDays(105, 41)).toBe(105)
  })
})

describe('reviewLearningItem', () => {
  it('updates a fresh card rated I know: easiness 2.5 -> 2.62, interval ceil(1 × 2.5) = 3', () => {
    const item = createLearningItem()
    const reviewed = reviewLearningItem(item, LearningRating.KNOW, NOW)
    expect(reviewed).toEqual({
      easinessFactor: 2.62,
      interval: 3,
      repetitions: 1,
      lastLearned: NOW,
      nextReviewInMillis: NOW + 3 * DAY,
      lastLearnedHistory: [NOW],
      disableLearning: false,
    })
    expect(item).toEqual(createLearningItem())
  })

  it('updates a fresh card rated neutral: easiness 2.3, interval 3', () => {
    const reviewed = reviewLearningItem(createLearningItem(), LearningRating.NEUTRAL, NOW)
    expect(reviewed.easinessFactor).toBe(2.3)
    expect(reviewed.interval).toBe(3)
    expect(reviewed.nextReviewInMillis).toBe(NOW + 3 * DAY)
  })

  it("updates a fresh card rated don't know: easiness 1.72, interval 1", () => {
    const reviewed = reviewLearningItem(createLearningItem(), LearningRating.DONT_KNOW, NOW)
    expect(reviewed.easinessFactor).toBe(1.72)
    expect(reviewed.interval).toBe(1)
    expect(reviewed.repetitions).toBe(1)
    expect(reviewed.nextReviewInMillis).toBe(NOW + DAY)
  })

  it('appends to the history without mutating the input', () => {
    const item = learnedItem()
    const history = [...item.lastLearnedHistory]
    const reviewed = reviewLearningItem(item, LearningRating.DONT_KNOW, NOW)
    expect(reviewed.lastLearnedHistory).toEqual([...history, NOW])
    expect(item.lastLearnedHistory).toEqual(history)
    expect(reviewed).toMatchObject({ easinessFactor: 1.72, interval: 3, repetitions: 4 })
  })

  it('keeps other fields such as disableLearning', () => {
    const reviewed = reviewLearningItem(
      learnedItem({ disableLearning: true }),
      LearningRating.KNOW,
      NOW,
    )
    expect(reviewed.disableLearning).toBe(true)
  })

  it('caps the interval and the next review at 360 days when confident', () => {
    const item = learnedItem({ interval: 200, repetitions: 8 })
    const reviewed = reviewLearningItem(item, LearningRating.KNOW, NOW)
    expect(reviewed.interval).toBe(360)
    expect(learningConfidence(reviewed)).toBe(97)
    expect(reviewed.nextReviewInMillis).toBe(NOW + 360 * DAY)
  })

  it('schedules 125 days at confidence 45 in 122.5 days', () => {
    const item = learnedItem({ interval: 50, repetitions: 4 })
    const reviewed = reviewLearningItem(item, LearningRating.KNOW, NOW)
    expect(reviewed.interval).toBe(125)
    expect(learningConfidence(reviewed)).toBe(45)
    expect(reviewed.nextReviewInMillis).toBe(NOW + 122.5 * DAY)
  })

  it('schedules 300 days at confidence 86 in full', () => {
    const item = learnedItem({ interval: 120, repetitions: 9 })
    const reviewed = reviewLearningItem(item, LearningRating.KNOW, NOW)
    expect(reviewed.interval).toBe(300)
    expect(learningConfidence(reviewed)).toBe(86)
    expect(reviewed.nextReviewInMillis).toBe(NOW + 300 * DAY)
  })

  it('schedules exactly 100 days without the confidence rule', () => {
    const item = learnedItem({ interval: 40, repetitions: 3 })
    const reviewed = reviewLearningItem(item, LearningRating.KNOW, NOW)
    expect(reviewed.interval).toBe(100)
    expect(reviewed.nextReviewInMillis).toBe(NOW + 100 * DAY)
  })
})

describe('discard and undiscard', () => {
  it('toggles disableLearning and keeps the schedule', () => {
    const item = learnedItem()
    const discarded = discardLearningItem(item)
    expect(discarded).toEqual({ ...item, disableLearning: true })
    expect(item.disableLearning).toBeUndefined()
    expect(undiscardLearningItem(discarded)).toEqual({ ...item, disableLearning: false })
  })
})

describe('memoryLevel', () => {
  // Easiness 1.3 and one repetition give 5 + 80 × interval / 350.
  const withInterval = (interval: number) =>
    learnedItem({ interval, easinessFactor: 1.3, repetitions: 1 })

  it.each([
    [329, 80, MemoryLevel.LONG_TERM_MEMORY],
    [324, 79, MemoryLevel.CONFIDENT_RECALL],
    [241, 60, MemoryLevel.CONFIDENT_RECALL],
    [237, 59, MemoryLevel.MODERATE_RECALL],
    [154, 40, MemoryLevel.MODERATE_RECALL],
    [150, 39, MemoryLevel.SHORT_TERM_MEMORY],
    [66, 20, MemoryLevel.SHORT_TERM_MEMORY],
    [61, 19, MemoryLevel.NEW_KNOWLEDGE],
    [1, 5, MemoryLevel.NEW_KNOWLEDGE],
  ])('interval %i days gives confidence %i and %s', (interval, confidence, level) => {
    expect(learningConfidence(withInterval(interval))).toBe(confidence)
    expect(memoryLevel(withInterval(interval))).toBe(level)
  })

  it('is Not Yet Learned for a never-reviewed card', () => {
    expect(memoryLevel(undefined)).toBe(MemoryLevel.NOT_YET_LEARNED)
    expect(memoryLevel(createLearningItem())).toBe(MemoryLevel.NOT_YET_LEARNED)
    expect(memoryLevel(learnedItem({ lastLearned: undefined }))).toBe(MemoryLevel.NOT_YET_LEARNED)
  })

  it('is Not Yet Learned when the confidence is outside 0-100', () => {
    expect(memoryLevel(learnedItem({ easinessFactor: Number.NaN }))).toBe(
      MemoryLevel.NOT_YET_LEARNED,
    )
  })

  it('is Discarded when learning is disabled, before anything else', () => {
    expect(memoryLevel(learnedItem({ disableLearning: true }))).toBe(MemoryLevel.DISCARDED)
    expect(memoryLevel({ ...createLearningItem(), disableLearning: true })).toBe(
      MemoryLevel.DISCARDED,
    )
    expect(memoryLevel(learnedItem({ disableLearning: false }))).toBe(MemoryLevel.NEW_KNOWLEDGE)
  })
})

describe('memoryLevelLabel', () => {
  it('pairs the two spec lists by position', () => {
    expect(Object.values(MemoryLevel).map(memoryLevelLabel)).toEqual([
      'Long-Term Memory',
      'Confident Recall',
      'Good Recall',
      'Moderate Recall',
      'Likely to forget',
      'Not Yet Learned',
      'Discarded',
    ])
  })
})
