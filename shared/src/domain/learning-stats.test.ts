import { describe, expect, it } from 'vitest'
import { createMark, type Mark } from './entities/mark'
import { createLearningItem, type LearningItemInit } from './entities/learning-item'
import { DAILY_TARGET, buildDailySession } from './learning-session'
import {
  learningCategories,
  learningDayStart,
  learningOverview,
  learningSchedule,
  markSite,
  sessionFor,
  streakCalendar,
} from './learning-stats'

const DAY = 86_400_000
const HOUR = 3_600_000
// 2026-06-15 12:00 UTC; in UTC+2 it is 14:00, in UTC-10 02:00 the same day.
const NOW = Date.UTC(2026, 5, 15, 12)
const UTC = 0
const BERLIN = 120

function card(id: string, learning?: LearningItemInit, fields: Partial<Mark> = {}): Mark {
  return {
    ...createMark(
      { _id: id, _bookmark: 'b1', url: 'https://page.example/a', origin: 'https://page.example' },
      NOW - 10 * DAY,
    ),
    ...(learning === undefined ? {} : { learningItem: createLearningItem(learning) }),
    ...fields,
  }
}

function learned(times: number[], nextReview: number): LearningItemInit {
  return {
    repetitions: times.length,
    interval: 3,
    lastLearned: times.at(-1)!,
    lastLearnedHistory: times,
    nextReviewInMillis: nextReview,
  }
}

describe('learningOverview', () => {
  it('counts due cards, learned today, memory levels, total and streaks in one pass', () => {
    const marks = [
      card('new1'),
      card('new2', {}),
      card('due', learned([NOW - 5 * DAY], NOW - DAY)),
      card('later', learned([NOW - 2 * DAY], NOW + 3 * DAY)),
      card('today', learned([NOW - HOUR], NOW + 2 * DAY)),
      card('gone', { ...learned([NOW - 5 * DAY], NOW - DAY), disableLearning: true }),
    ]
    const overview = learningOverview(marks, NOW, UTC)
    expect(overview).toMatchObject({
      dueCount: 3,
      learnedToday: 1,
      dailyTarget: DAILY_TARGET,
      totalCards: 5,
      currentStreak: 0,
      longestStreak: 0,
    })
    expect(overview.levels.NOT_YET_LEARNED).toBe(2)
    expect(overview.levels.DISCARDED).toBe(1)
    expect(Object.values(overview.levels).reduce((sum, count) => sum + count, 0)).toBe(6)
  })

  it('counts a streak of days with ten cards learned', () => {
    const history = (day: number) =>
      Array.from({ length: DAILY_TARGET }, (_, index) => NOW - day * DAY + index * 1000)
    const marks = [card('a', learned([...history(2), ...history(1)], NOW + DAY))]
    expect(learningOverview(marks, NOW, UTC)).toMatchObject({ currentStreak: 2, longestStreak: 2 })
  })

  it('uses the time zone for "today": 23:30 UTC is tomorrow in UTC+2', () => {
    const lateEvening = Date.UTC(2026, 5, 14, 23, 30)
    const marks = [card('a', learned([lateEvening], NOW + DAY))]
    expect(learningOverview(marks, NOW, UTC).learnedToday).toBe(0)
    expect(learningOverview(marks, NOW, BERLIN).learnedToday).toBe(1)
  })
})

describe('learningSchedule', () => {
  it('counts reviews per local day, overdue today, learned-today not before tomorrow', () => {
    const marks = [
      card('overdue', learned([NOW - 9 * DAY], NOW - 2 * DAY)),
      card('tomorrow', learned([NOW - 3 * DAY], NOW + DAY)),
      card('today-learned', learned([NOW - HOUR], NOW - HOUR)),
      card('in3', learned([NOW - 3 * DAY], NOW + 3 * DAY)),
      card('far', learned([NOW - 3 * DAY], NOW + 30 * DAY)),
      card('new'),
      card('gone', { ...learned([NOW - 3 * DAY], NOW + DAY), disableLearning: true }),
    ]
    const schedule = learningSchedule(marks, NOW, UTC, 5)
    expect(schedule.map((day) => day.count)).toEqual([1, 2, 0, 1, 0])
    const today = Math.floor(NOW / DAY)
    expect(schedule[0]).toEqual({ day: today, date: today * DAY, count: 1 })
    expect(schedule[4]?.day).toBe(today + 4)
  })

  it('puts day boundaries at local midnight', () => {
    // 22:30 UTC on the 15th is 00:30 on the 16th in UTC+2.
    const marks = [card('a', learned([NOW - 3 * DAY], Date.UTC(2026, 5, 15, 22, 30)))]
    expect(learningSchedule(marks, NOW, UTC, 2).map((day) => day.count)).toEqual([1, 0])
    const berlin = learningSchedule(marks, NOW, BERLIN, 2)
    expect(berlin.map((day) => day.count)).toEqual([0, 1])
    expect(berlin[1]?.date).toBe(Date.UTC(2026, 5, 15, 22))
    expect(learningDayStart(berlin[1]!.day, BERLIN)).toBe(Date.UTC(2026, 5, 15, 22))
  })
})

describe('learningCategories', () => {
  it('counts cards and due cards per tag and per site, largest first, discarded left out', () => {
    const marks = [
      card('a', undefined, {
        tags: ['science', 'Space'],
        url: 'https://a.example/x',
        origin: undefined,
      }),
      card('b', learned([NOW - 2 * DAY], NOW + DAY), {
        tags: ['science'],
        url: 'https://a.example/y',
        origin: undefined,
      }),
      card('c', undefined, { tags: [], url: 'http://b.example:8080/z', origin: undefined }),
      card('d', { disableLearning: true }, { tags: ['science'], url: 'https://a.example/y' }),
    ]
    expect(learningCategories(marks, NOW, UTC)).toEqual({
      tags: [
        { tag: 'science', total: 2, due: 1 },
        { tag: 'Space', total: 1, due: 1 },
      ],
      sites: [
        { origin: 'https://a.example', total: 2, due: 1 },
        { origin: 'http://b.example:8080', total: 1, due: 1 },
      ],
    })
  })

  it('takes a stored origin before the URL', () => {
    expect(markSite({ url: 'https://x.example/a', origin: 'https://stored.example' })).toBe(
      'https://stored.example',
    )
    expect(markSite({ url: 'not a url' })).toBe('not a url')
  })
})

describe('streakCalendar', () => {
  it('gives the last days, oldest first, with cards learned and whether the target was reached', () => {
    const ten = Array.from({ length: 10 }, (_, index) => NOW - DAY + index * 1000)
    const marks = [card('a', learned([...ten, NOW - 2 * DAY, NOW], NOW + DAY))]
    const calendar = streakCalendar(marks, NOW, UTC, 3)
    const today = Math.floor(NOW / DAY)
    expect(calendar).toEqual([
      { day: today - 2, date: (today - 2) * DAY, learned: 1, reachedTarget: false },
      { day: today - 1, date: (today - 1) * DAY, learned: 10, reachedTarget: true },
      { day: today, date: today * DAY, learned: 1, reachedTarget: false },
    ])
  })
})

describe('sessionFor', () => {
  const marks = [
    card('n1', undefined, { tags: ['a'], createdAt: NOW - 5 * DAY }),
    card('n2', undefined, { tags: ['b'], createdAt: NOW - 4 * DAY }),
    card('l1', learned([NOW - 9 * DAY], NOW - DAY), {
      tags: ['a'],
      url: 'https://other.example/p',
      origin: undefined,
    }),
  ]

  it('is the spec session over every mark, returning the marks', () => {
    const session = sessionFor(marks, NOW, UTC)
    const spec = buildDailySession(
      marks.map((mark) => ({
        id: mark._id,
        createdAt: mark.createdAt,
        learningItem: mark.learningItem,
      })),
      NOW,
    )
    expect(session.cards.map((mark) => mark._id)).toEqual(spec.cards.map((entry) => entry.id))
    expect(session.cards[0]).toBe(marks[2])
    expect(session).toMatchObject({ slots: spec.slots, dueCount: 3, learnedToday: 0 })
  })

  it('takes only a tag or a site when asked', () => {
    expect(sessionFor(marks, NOW, UTC, { tag: 'a' }).cards.map((mark) => mark._id)).toEqual([
      'l1',
      'n1',
    ])
    expect(
      sessionFor(marks, NOW, UTC, { origin: 'https://other.example' }).cards.map(
        (mark) => mark._id,
      ),
    ).toEqual(['l1'])
  })
})

describe('sessionFor against buildDailySession', () => {
  it('gives exactly the spec session on random libraries, with and without a category', () => {
    let state = 7
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
      return state / 2_147_483_648
    }
    for (let round = 0; round < 40; round += 1) {
      const marks: Mark[] = Array.from({ length: 60 }, (_, index) => {
        const roll = random()
        const times = [NOW - Math.floor(random() * 9) * DAY - Math.floor(random() * 20) * HOUR]
        const learning: LearningItemInit | undefined =
          roll < 0.3
            ? undefined
            : roll < 0.45
              ? {}
              : {
                  ...learned(times, NOW + Math.floor(random() * 10 - 5) * DAY),
                  disableLearning: random() < 0.1,
                }
        return card(`m${Math.floor(random() * 1000)}-${index}`, learning, {
          tags: random() < 0.5 ? ['a'] : ['b'],
          createdAt: NOW - Math.floor(random() * 5) * DAY,
        })
      })
      for (const category of [undefined, { tag: 'a' }] as const) {
        const chosen =
          category === undefined ? marks : marks.filter((mark) => mark.tags.includes('a'))
        for (const tz of [UTC, BERLIN, -600]) {
          const spec = buildDailySession(
            chosen.map((mark) => ({
              id: mark._id,
              createdAt: mark.createdAt,
              learningItem: mark.learningItem,
              mark,
            })),
            NOW,
            { timeZoneOffsetMinutes: tz },
          )
          const ours = sessionFor(marks, NOW, tz, category)
          expect(ours.cards.map((mark) => mark._id)).toEqual(spec.cards.map((entry) => entry.id))
          expect({ ...ours, cards: [] }).toEqual({ ...spec, cards: [] })
        }
      }
    }
  })
})
