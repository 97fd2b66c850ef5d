import { describe, expect, it } from 'vitest'
import { isDoneForToday } from './learning-state'
import { mondayFirstWeekday } from './StreakOverview'

describe('isDoneForToday', () => {
  it('is done once the target is reached or nothing is due', () => {
    expect(isDoneForToday({ learnedToday: 10, dailyTarget: 10, dueCount: 5 })).toBe(true)
    expect(isDoneForToday({ learnedToday: 3, dailyTarget: 10, dueCount: 0 })).toBe(true)
    expect(isDoneForToday({ learnedToday: 9, dailyTarget: 10, dueCount: 1 })).toBe(false)
  })
})

describe('mondayFirstWeekday', () => {
  it('places 1970-01-01 on a Thursday and 2024-01-01 on a Monday', () => {
    expect(mondayFirstWeekday(0)).toBe(3)
    expect(mondayFirstWeekday(Date.UTC(2024, 0, 1) / 86_400_000)).toBe(0)
    expect(mondayFirstWeekday(Date.UTC(2024, 0, 7) / 86_400_000)).toBe(6)
  })
})
