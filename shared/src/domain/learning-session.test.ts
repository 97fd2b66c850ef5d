import { describe, expect, it } from 'vitest'
import type { LearningItemState } from './learning-review'
import { createLearningItem } from './entities/learning-item'
import type { LearningCandidate } from './learning-session'
import {
  DAILY_SESSION_LEARNED_SHARE,
  DAILY_TARGET,
  buildDailySession,
  computeStreaks,
  isDue,
  learningDayIndex,
  shouldShowLearningTeaser,
} from './learning-session'

const DAY = 86_400_000
const NOW = Date.UTC(2024, 2, 15, 12, 0, 0)

function learned(overrides: Partial<LearningItemState> = {}): LearningItemState {
  return {
    easinessFactor: 2.5,
    interval: 3,
    repetitions: 2,
    lastLearned: NOW - 3 * DAY,
    nextReviewInMillis: NOW - DAY,
    lastLearnedHistory: [NOW - 4 * DAY, NOW - 3 * DAY],
    ...overrides,
  }
}

/** `count` learn timestamps one minute apart starting at the given UTC time. */
function learnsAt(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => start + index * 60_000)
}

/** `count` learn timestamps at 10:00 UTC on the given UTC date. */
function learnsOn(year: number, month: number, day: number, count: number): number[] {
  return learnsAt(Date.UTC(year, month, day, 10), count)
}

describe('constants', () => {
  it('uses the spec daily target of 10 and half the slots for learned cards', () => {
    expect(DAILY_TARGET).toBe(10)
    expect(DAILY_SESSION_LEARNED_SHARE).toBe(0.5)
  })
})

describe('learningDayIndex', () => {
  it('counts days since the epoch, shifted by minutes east of UTC', () => {
    expect(learningDayIndex(0)).toBe(0)
    expect(learningDayIndex(Date.UTC(2024, 2, 14, 23, 30))).toBe(19796)
    expect(learningDayIndex(Date.UTC(2024, 2, 14, 23, 30), 60)).toBe(19797)
    expect(learningDayIndex(Date.UTC(2024, 2, 15, 0, 30), -60)).toBe(19796)
  })
})

describe('isDue', () => {
  it('treats a card without a learning item or a never-learned card as due', () => {
    expect(isDue(undefined, NOW)).toBe(true)
    expect(isDue(createLearningItem(), NOW)).toBe(true)
  })

  it('is never due when learning is disabled', () => {
    expect(isDue(learned({ disableLearning: true }), NOW)).toBe(false)
    expect(isDue({ ...createLearningItem(), disableLearning: true }, NOW)).toBe(false)
  })

  it('is due once the next review time has passed or is reached', () => {
    expect(isDue(learned(), NOW)).toBe(true)
    expect(isDue(learned({ nextReviewInMillis: NOW }), NOW)).toBe(true)
    expect(isDue(learned({ nextReviewInMillis: NOW + 1 }), NOW)).toBe(false)
  })

  it('is not due again on the day it was learned', () => {
    const today = learned({ lastLearned: Date.UTC(2024, 2, 15, 0, 5), nextReviewInMillis: NOW - 1 })
    expect(isDue(today, NOW)).toBe(false)
    const newToday = { ...createLearningItem(), lastLearned: Date.UTC(2024, 2, 15, 1) }
    expect(isDue(newToday, NOW)).toBe(false)
  })

  it('uses the local calendar day around midnight', () => {
    const now = Date.UTC(2024, 2, 15, 0, 30)
    const item = learned({ lastLearned: Date.UTC(2024, 2, 14, 23, 30), nextReviewInMillis: now })
    expect(isDue(item, now)).toBe(true)
    expect(isDue(item, now, 120)).toBe(false)
    expect(isDue(item, now, -60)).toBe(false)
    const late = learned({ lastLearned: Date.UTC(2024, 2, 15, 10), nextReviewInMillis: 0 })
    const lateNow = Date.UTC(2024, 2, 15, 23, 30)
    expect(isDue(late, lateNow)).toBe(false)
    expect(isDue(late, lateNow, 60)).toBe(true)
  })
})

describe('computeStreaks', () => {
  it('is all zeros without history', () => {
    expect(computeStreaks([], NOW)).toEqual({ currentStreak: 0, longestStreak: 0, learnedToday: 0 })
  })

  it('counts today when 10 cards were learned today', () => {
    const history = [
      ...learnsOn(2024, 2, 13, 10),
      ...learnsOn(2024, 2, 14, 12),
      ...learnsOn(2024, 2, 15, 10),
    ]
    expect(computeStreaks(history, NOW)).toEqual({
      currentStreak: 3,
      longestStreak: 3,
      learnedToday: 10,
    })
  })

  it('starts from yesterday while today is incomplete', () => {
    const history = [
      ...learnsOn(2024, 2, 13, 10),
      ...learnsOn(2024, 2, 14, 10),
      ...learnsOn(2024, 2, 15, 4),
    ]
    expect(computeStreaks(history, NOW)).toEqual({
      currentStreak: 2,
      longestStreak: 2,
      learnedToday: 4,
    })
  })

  it('breaks the current streak when yesterday had 9 cards', () => {
    const history = [...learnsOn(2024, 2, 13, 10), ...learnsOn(2024, 2, 14, 9)]
    expect(computeStreaks(history, NOW)).toEqual({
      currentStreak: 0,
      longestStreak: 1,
      learnedToday: 0,
    })
  })

  it('keeps the longest streak across a gap', () => {
    const history = [
      ...[5, 6, 7, 8, 9].flatMap((day) => learnsOn(2024, 2, day, 10)),
      ...learnsOn(2024, 2, 13, 10),
      ...learnsOn(2024, 2, 14, 10),
    ]
    expect(computeStreaks(history, NOW)).toMatchObject({ currentStreak: 2, longestStreak: 5 })
  })

  it('runs across month ends, including 29 February 2024', () => {
    const history = [
      ...learnsOn(2024, 0, 30, 10),
      ...learnsOn(2024, 0, 31, 10),
      ...learnsOn(2024, 1, 1, 10),
      ...learnsOn(2024, 1, 28, 10),
      ...learnsOn(2024, 1, 29, 10),
      ...learnsOn(2024, 2, 1, 10),
    ]
    expect(computeStreaks(history, Date.UTC(2024, 2, 1, 20))).toEqual({
      currentStreak: 3,
      longestStreak: 3,
      learnedToday: 10,
    })
    expect(computeStreaks(history, Date.UTC(2024, 1, 2, 8))).toMatchObject({ currentStreak: 3 })
  })

  it('groups learns by the local day around midnight', () => {
    const history = [
      ...learnsAt(Date.UTC(2024, 2, 14, 23, 10), 5),
      ...learnsAt(Date.UTC(2024, 2, 15, 0, 20), 5),
    ]
    expect(computeStreaks(history, NOW)).toEqual({
      currentStreak: 0,
      longestStreak: 0,
      learnedToday: 5,
    })
    expect(computeStreaks(history, NOW, 60)).toEqual({
      currentStreak: 1,
      longestStreak: 1,
      learnedToday: 10,
    })
    expect(computeStreaks(history, NOW, -60)).toEqual({
      currentStreak: 1,
      longestStreak: 1,
      learnedToday: 0,
    })
  })

  it('ignores timestamps that are not finite numbers', () => {
    const history = [...learnsOn(2024, 2, 15, 9), Number.NaN, Number.POSITIVE_INFINITY]
    expect(computeStreaks(history, NOW)).toEqual({
      currentStreak: 0,
      longestStreak: 0,
      learnedToday: 9,
    })
  })
})

function dueLearned(id: string, overdueDays: number): LearningCandidate {
  return { id, learningItem: learned({ nextReviewInMillis: NOW - overdueDays * DAY }) }
}

function fresh(id: string, createdAt?: number): LearningCandidate {
  return createdAt === undefined ? { id } : { id, createdAt, learningItem: createLearningItem() }
}

function ids(cards: readonly LearningCandidate[]): string[] {
  return cards.map((card) => card.id)
}

describe('buildDailySession', () => {
  const manyLearned = Array.from({ length: 8 }, (_, i) => dueLearned(`l${i}`, i + 1))
  const manyNew = Array.from({ length: 8 }, (_, i) => fresh(`n${i}`, NOW - (i + 1) * DAY))

  it('fills 10 slots: 5 learned cards most overdue first, then 5 new cards oldest first', () => {
    const session = buildDailySession([...manyNew, ...manyLearned], NOW)
    expect(ids(session.cards)).toEqual(['l7', 'l6', 'l5', 'l4', 'l3', 'n7', 'n6', 'n5', 'n4', 'n3'])
    expect(session).toMatchObject({ learnedToday: 0, slots: 10, dueCount: 16 })
  })

  it('leaves 10 minus learned-today slots and gives the odd slot to learned cards', () => {
    const doneToday: LearningCandidate = {
      id: 'done',
      learningItem: learned({
        lastLearned: NOW - 60_000,
        nextReviewInMillis: NOW + DAY,
        lastLearnedHistory: learnsAt(NOW - 3 * 60_000, 3),
      }),
    }
    const session = buildDailySession([doneToday, ...manyLearned, ...manyNew], NOW)
    expect(session).toMatchObject({ learnedToday: 3, slots: 7, dueCount: 16 })
    expect(ids(session.cards)).toEqual(['l7', 'l6', 'l5', 'l4', 'n7', 'n6', 'n5'])
  })

  it('is empty once 10 or more cards were learned today', () => {
    const busy: LearningCandidate = {
      id: 'busy',
      learningItem: learned({ lastLearnedHistory: learnsOn(2024, 2, 15, 12) }),
    }
    const session = buildDailySession([busy, ...manyLearned, ...manyNew], NOW)
    expect(session).toMatchObject({ cards: [], learnedToday: 12, slots: 0 })
  })

  it('fills with new cards when learned cards run short', () => {
    const session = buildDailySession([...manyLearned.slice(0, 2), ...manyNew], NOW)
    expect(ids(session.cards)).toEqual(['l1', 'l0', 'n7', 'n6', 'n5', 'n4', 'n3', 'n2', 'n1', 'n0'])
  })

  it('fills with learned cards when new cards run short', () => {
    const session = buildDailySession([...manyLearned, manyNew[0]!], NOW)
    expect(ids(session.cards)).toEqual(['l7', 'l6', 'l5', 'l4', 'l3', 'l2', 'l1', 'l0', 'n0'])
  })

  it('takes every due card when both groups run short', () => {
    const session = buildDailySession([dueLearned('a', 1), fresh('b', NOW)], NOW)
    expect(ids(session.cards)).toEqual(['a', 'b'])
    expect(session.dueCount).toBe(2)
  })

  it('skips discarded, not yet due and learned-today cards', () => {
    const items: LearningCandidate[] = [
      { id: 'discarded', learningItem: learned({ disableLearning: true }) },
      { id: 'later', learningItem: learned({ nextReviewInMillis: NOW + DAY }) },
      { id: 'today', learningItem: learned({ lastLearned: NOW - 1, lastLearnedHistory: [] }) },
      dueLearned('due', 2),
    ]
    const session = buildDailySession(items, NOW)
    expect(ids(session.cards)).toEqual(['due'])
    expect(session.dueCount).toBe(1)
  })

  it('orders ties by id, undated new cards last and unscheduled learned cards first', () => {
    const items: LearningCandidate[] = [
      fresh('z'),
      fresh('y'),
      fresh('x', NOW - DAY),
      fresh('w', NOW - DAY),
      dueLearned('d', 1),
      dueLearned('c', 1),
      dueLearned('c', 1),
      { id: 'e', learningItem: learned({ nextReviewInMillis: undefined }) },
    ]
    const session = buildDailySession(items, NOW)
    expect(ids(session.cards)).toEqual(['e', 'c', 'c', 'd', 'w', 'x', 'y', 'z'])
    const reversed = buildDailySession([...items].reverse(), NOW)
    expect(ids(reversed.cards)).toEqual(ids(session.cards))
  })

  it('counts learned today in the local time zone', () => {
    const lateYesterday: LearningCandidate = {
      id: 'late',
      learningItem: learned({
        lastLearned: Date.UTC(2024, 2, 14, 23, 30),
        nextReviewInMillis: NOW + DAY,
        lastLearnedHistory: learnsAt(Date.UTC(2024, 2, 14, 23, 20), 4),
      }),
    }
    const now = Date.UTC(2024, 2, 15, 8)
    expect(buildDailySession([lateYesterday], now).learnedToday).toBe(0)
    const local = buildDailySession([lateYesterday], now, { timeZoneOffsetMinutes: 60 })
    expect(local).toMatchObject({ learnedToday: 4, slots: 6 })
  })
})

describe('shouldShowLearningTeaser', () => {
  const visible = {
    showLearningTeaser: true,
    learnedToday: 9,
    dueCount: 3,
    lastTeaserClosedDateInMillis: NOW - DAY,
  }

  it('shows when enabled, under 10 learned today, cards remain and not closed today', () => {
    expect(shouldShowLearningTeaser(visible, NOW)).toBe(true)
    const neverClosed = { showLearningTeaser: true, learnedToday: 0, dueCount: 1 }
    expect(shouldShowLearningTeaser(neverClosed, NOW)).toBe(true)
  })

  it('hides when disabled', () => {
    expect(shouldShowLearningTeaser({ ...visible, showLearningTeaser: false }, NOW)).toBe(false)
  })

  it('hides once 10 cards were learned today', () => {
    expect(shouldShowLearningTeaser({ ...visible, learnedToday: 10 }, NOW)).toBe(false)
  })

  it('hides when no cards remain', () => {
    expect(shouldShowLearningTeaser({ ...visible, dueCount: 0 }, NOW)).toBe(false)
  })

  it('hides when closed earlier today', () => {
    const closed = { ...visible, lastTeaserClosedDateInMillis: Date.UTC(2024, 2, 15, 0, 1) }
    expect(shouldShowLearningTeaser(closed, NOW)).toBe(false)
  })

  it('uses the local calendar day around midnight', () => {
    const now = Date.UTC(2024, 2, 15, 0, 30)
    const closed = { ...visible, lastTeaserClosedDateInMillis: Date.UTC(2024, 2, 14, 23, 30) }
    expect(shouldShowLearningTeaser(closed, now)).toBe(true)
    expect(shouldShowLearningTeaser({ ...closed, timeZoneOffsetMinutes: 60 }, now)).toBe(false)
  })
})
