import { describe, expect, it } from 'vitest'
import type { LearningItemState } from '../learning-review'
import { LearningItemSchema, createLearningItem } from './learning-item'

describe('LearningItem', () => {
  it('starts at easiness 2.5, interval 1, repetitions 0, empty history, learning on', () => {
    expect(createLearningItem()).toEqual({
      easinessFactor: 2.5,
      interval: 1,
      repetitions: 0,
      lastLearnedHistory: [],
      disableLearning: false,
    })
  })

  it('takes overrides and is usable by the review rules', () => {
    const item: LearningItemState = createLearningItem({
      repetitions: 3,
      lastLearned: 1000,
      nextReviewInMillis: 2000,
      lastLearnedHistory: [500, 1000],
    })
    expect(item.repetitions).toBe(3)
    expect(item.easinessFactor).toBe(2.5)
    expect(item.lastLearnedHistory).toEqual([500, 1000])
  })

  it('never shares the default history between items', () => {
    const a = createLearningItem()
    const b = createLearningItem()
    a.lastLearnedHistory.push(1)
    expect(b.lastLearnedHistory).toEqual([])
  })

  it('accepts its defaults, keeps unknown keys, and rejects wrong types', () => {
    expect(LearningItemSchema.parse(createLearningItem())).toEqual(createLearningItem())
    expect(LearningItemSchema.parse({ streakBonus: 2 }).streakBonus).toBe(2)
    expect(LearningItemSchema.safeParse({ easinessFactor: '2.5' }).success).toBe(false)
    expect(LearningItemSchema.safeParse({ repetitions: 1.5 }).success).toBe(false)
    expect(LearningItemSchema.safeParse({ lastLearnedHistory: ['yesterday'] }).success).toBe(false)
    expect(LearningItemSchema.safeParse({ disableLearning: 'yes' }).success).toBe(false)
  })
})
