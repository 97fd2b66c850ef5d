import { DAILY_TARGET, MemoryLevel } from '@inkmark/shared'
import { FIXTURE_NOW, createLearningItemFixture, createMarkFixture } from '@inkmark/shared/testing'
import { describe, expect, it } from 'vitest'
import {
  dayStart,
  inCategory,
  learningCategories,
  learningOverview,
  learningSchedule,
  sessionFor,
  streakCalendar,
} from './learning-figures'

const DAY = 86_400_000
const TZ = 120
// Noon, local time (UTC+2), on the fixture's day.
const NOW = dayStart(Math.floor((FIXTURE_NOW + TZ * 60_000) / DAY), TZ) + 12 * 3_600_000

function learned(days: number[], overrides: Parameters<typeof createLearningItemFixture>[0] = {}) {
  return createLearningItemFixture({
    repetitions: days.length,
    lastLearned: days.length > 0 ? NOW + Math.max(...days) * DAY : undefined,
    lastLearnedHistory: days.map((day) => NOW + day * DAY),
    ...overrides,
  })
}

describe('learningOverview', () => {
  it('counts due cards, today, levels and streaks', () => {
    const marks = [
      createMarkFixture(),
      createMarkFixture({ learningItem: learned([-1], { nextReviewInMillis: NOW - 1 }) }),
      createMarkFixture({ learningItem: learned([0], { nextReviewInMillis: NOW + DAY }) }),
      createMarkFixture({ learningItem: learned([-3], { disableLearning: true }) }),
    ]
    const overview = learningOverview(marks, NOW, TZ)
    expect(overview.dueCount).toBe(2)
    expect(overview.learnedToday).toBe(1)
    expect(overview.dailyTarget).toBe(DAILY_TARGET)
    expect(overview.totalCards).toBe(4)
    expect(overview.levels[MemoryLevel.NOT_YET_LEARNED]).toBe(1)
    expect(overview.levels[MemoryLevel.DISCARDED]).toBe(1)
    expect(Object.values(overview.levels).reduce((a, b) => a + b, 0)).toBe(4)
  })

  it('counts a streak of days with the target reached, today unfinished', () => {
    const history = [-2, -1].flatMap((day) => Array.from({ length: DAILY_TARGET }, () => day))
    const marks = history.map((day) => createMarkFixture({ learningItem: learned([day]) }))
    const overview = learningOverview(marks, NOW, TZ)
    expect(overview.currentStreak).toBe(2)
    expect(overview.longestStreak).toBe(2)
  })
})

describe('learningSchedule', () => {
  it('puts reviews on their days, overdue ones today, and leaves new and discarded cards out', () => {
    const marks = [
      createMarkFixture(),
      createMarkFixture({ learningItem: learned([-5], { nextReviewInMillis: NOW - 2 * DAY }) }),
      createMarkFixture({ learningItem: learned([-1], { nextReviewInMillis: NOW + DAY }) }),
      createMarkFixture({ learningItem: learned([-1], { nextReviewInMillis: NOW + 3 * DAY }) }),
      createMarkFixture({ learningItem: learned([-1], { nextReviewInMillis: NOW + 40 * DAY }) }),
      createMarkFixture({
        learningItem: learned([-1], { nextReviewInMillis: NOW + DAY, disableLearning: true }),
      }),
    ]
    const days = learningSchedule(marks, NOW, TZ, 28)
    expect(days).toHaveLength(28)
    expect(days.map((day) => day.count).slice(0, 5)).toEqual([1, 1, 0, 1, 0])
    expect(days.reduce((sum, day) => sum + day.count, 0)).toBe(3)
    expect(days[1]!.date - days[0]!.date).toBe(DAY)
    // Local midnight at UTC+2 is 22:00 UTC the day before.
    expect(new Date(days[0]!.date).getUTCHours()).toBe(22)
  })
})

describe('learningCategories', () => {
  it('lists tags (one per spelling) and sites with totals and due cards, most due first', () => {
    const marks = [
      createMarkFixture({ tags: ['Biology'], url: 'https://a.example/x', origin: 'a.example' }),
      createMarkFixture({ tags: ['biology', 'cells'], url: 'https://b.example/y', origin: '' }),
      createMarkFixture({
        tags: ['cells'],
        url: 'https://www.b.example/z',
        origin: '',
        learningItem: learned([-1], { nextReviewInMillis: NOW + DAY }),
      }),
      createMarkFixture({ tags: ['gone'], learningItem: learned([], { disableLearning: true }) }),
    ]
    const { tags, sites } = learningCategories(marks, NOW, TZ)
    expect(tags).toEqual([
      { tag: 'Biology', total: 2, due: 2 },
      { tag: 'cells', total: 2, due: 1 },
    ])
    // Equal due counts: the larger category first.
    expect(sites).toEqual([
      { origin: 'b.example', total: 2, due: 1 },
      { origin: 'a.example', total: 1, due: 1 },
    ])
  })
})

describe('sessionFor', () => {
  it('builds the daily session over a category only', () => {
    const marks = [
      createMarkFixture({ tags: ['x'] }),
      createMarkFixture({ tags: ['X', 'y'] }),
      createMarkFixture({ tags: ['y'] }),
    ]
    expect(sessionFor(marks, NOW, TZ).cards).toHaveLength(3)
    const byTag = sessionFor(marks, NOW, TZ, { tag: 'x' })
    expect(byTag.cards.map((card) => card._id)).toEqual([marks[0]!._id, marks[1]!._id])
    expect(byTag.cards[0]!.id).toBe(marks[0]!._id)
    expect(inCategory(marks[2]!, { origin: 'example.com' })).toBe(
      marks[2]!.origin === 'example.com',
    )
  })

  it('holds at most the daily target', () => {
    const marks = Array.from({ length: 25 }, () => createMarkFixture())
    expect(sessionFor(marks, NOW, TZ).cards).toHaveLength(DAILY_TARGET)
  })
})

describe('streakCalendar', () => {
  it('counts each of the last days and marks those that reached the target', () => {
    const history = [
      ...Array.from({ length: DAILY_TARGET }, () => -1),
      ...Array.from({ length: 3 }, () => 0),
      -50,
    ]
    const marks = history.map((day) => createMarkFixture({ learningItem: learned([day]) }))
    const days = streakCalendar(marks, NOW, TZ, 42)
    expect(days).toHaveLength(42)
    expect(days.at(-1)).toMatchObject({ learned: 3, reachedTarget: false })
    expect(days.at(-2)).toMatchObject({ learned: DAILY_TARGET, reachedTarget: true })
    expect(days.filter((day) => day.learned > 0)).toHaveLength(2)
  })
})
