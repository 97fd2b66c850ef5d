import { createLearningItem } from '../domain/entities/learning-item'
import { buildDailySession } from '../domain/learning-session'
import { createMarkFixture } from '../testing/factories'
import { describe, expect, it } from 'vitest'
import { learningReport } from './learning-report'

const HOUR = 60 * 60 * 1000
/** 26 November 2026, 12:00 UTC; the device is at UTC+1 (offset 60). */
const NOW = Date.UTC(2026, 10, 26, 12)

describe('learningReport', () => {
  it('counts due cards, today’s reviews and the next due time', () => {
    const marks = [
      createMarkFixture({ _id: 'new' }),
      createMarkFixture({
        _id: 'overdue',
        learningItem: createLearningItem({ nextReviewInMillis: NOW - HOUR }),
      }),
      createMarkFixture({
        _id: 'learned-today',
        learningItem: createLearningItem({
          lastLearned: NOW - HOUR,
          lastLearnedHistory: [NOW - 2 * HOUR, NOW - HOUR],
          nextReviewInMillis: NOW - 1,
        }),
      }),
      createMarkFixture({
        _id: 'later',
        learningItem: createLearningItem({ nextReviewInMillis: NOW + 30 * HOUR }),
      }),
      createMarkFixture({
        _id: 'discarded',
        learningItem: createLearningItem({ disableLearning: true, nextReviewInMillis: NOW + HOUR }),
      }),
    ]
    // The same counts as the spec's daily session.
    const session = buildDailySession(
      marks.map((mark) => ({
        id: mark._id,
        createdAt: mark.createdAt,
        learningItem: mark.learningItem,
      })),
      NOW,
      { timeZoneOffsetMinutes: 60 },
    )
    expect(learningReport(marks, NOW, 60)).toMatchObject({
      dueCount: session.dueCount,
      learnedToday: session.learnedToday,
    })
    expect(learningReport(marks, NOW, 60)).toEqual({
      dueCount: 2,
      learnedToday: 2,
      dailyTarget: 10,
      // The card learned today waits for local midnight (23:00 UTC), before 'later'.
      nextDueAt: Date.UTC(2026, 10, 26, 23),
    })
  })

  it('reports an empty library as nothing due', () => {
    expect(learningReport([], NOW, 0)).toEqual({
      dueCount: 0,
      learnedToday: 0,
      dailyTarget: 10,
      nextDueAt: null,
    })
  })
})
