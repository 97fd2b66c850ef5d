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

  it('takes the review log, its base, the FSRS state and the discard time, all optional', () => {
    expect(LearningItemSchema.parse({ repetitions: 1 }).reviewLog).toBeUndefined()
    const item = LearningItemSchema.parse({
      repetitions: 1,
      fsrs: {
        due: 2000,
        stability: 3.1,
        difficulty: 5.2,
        elapsed_days: 0,
        scheduled_days: 3,
        reps: 1,
        lapses: 0,
        state: 2,
        last_review: 1000,
      },
      reviewLog: [
        {
          id: 'r1',
          reviewedAt: 1000,
          rating: 5,
          scheduler: 'FSRS',
          intervalDays: 3,
          desiredRetention: 0.9,
        },
      ],
      reviewBase: {},
      disableLearningChangedAt: 1500,
    })
    expect(item.fsrs?.learning_steps).toBe(0)
    expect(item.reviewBase).toEqual({
      easinessFactor: 2.5,
      interval: 1,
      repetitions: 0,
      lastLearnedHistory: [],
    })
    const entry = { id: 'r1', reviewedAt: 1000, rating: 5, scheduler: 'SPEC', intervalDays: 1 }
    expect(LearningItemSchema.safeParse({ reviewLog: [{ ...entry, rating: 3 }] }).success).toBe(
      false,
    )
    expect(
      LearningItemSchema.safeParse({ reviewLog: [{ ...entry, scheduler: 'SM2' }] }).success,
    ).toBe(false)
    expect(LearningItemSchema.safeParse({ reviewLog: [{ ...entry, id: '' }] }).success).toBe(false)
    expect(LearningItemSchema.safeParse({ fsrs: { due: 1 } }).success).toBe(false)
  })
})
