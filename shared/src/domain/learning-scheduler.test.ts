import { Rating, State } from 'ts-fsrs'
import { describe, expect, it } from 'vitest'
import type { FsrsCardState, LearningItem } from './entities/learning-item'
import { createLearningItem } from './entities/learning-item'
import { LearningRating, reviewLearningItem } from './learning-review'
import {
  DEFAULT_DESIRED_RETENTION,
  FSRS_GRADE_FOR_RATING,
  clampDesiredRetention,
  learningSchedulerSettings,
  nextFsrsState,
  nextReviewPreview,
  replayReviewLog,
  reviewCard,
  setLearningDisabled,
  type LearningSchedulerSettings,
} from './learning-scheduler'

const DAY = 86_400_000
const NOW = Date.UTC(2024, 5, 1, 9)
const SPEC: LearningSchedulerSettings = { scheduler: 'SPEC', desiredRetention: 0.9 }
const FSRS: LearningSchedulerSettings = { scheduler: 'FSRS', desiredRetention: 0.9 }

// ts-fsrs 5.4.2's own long-term scheduler test (__tests__/impl/long-term_scheduler.test.ts): its
// FSRS-5 weights, enable_short_term false, starting 2022-12-29 12:30 local time, each review at
// the previous due date. Reproduced here through our wrapper and our answers.
const DOCUMENTED_WEIGHTS = [
  0.4197, 1.1869, 3.0412, 15.2441, 7.1434, 0.6477, 1.0007, 0.0674, 1.6597, 0.1712, 1.1178, 2.0225,
  0.0904, 0.3025, 2.1214, 0.2498, 2.9466, 0.4891, 0.6468,
]

function replayDocumented(ratings: readonly LearningRating[]): FsrsCardState[] {
  let now = new Date(2022, 11, 29, 12, 30, 0, 0).getTime()
  let state: FsrsCardState | undefined
  const states: FsrsCardState[] = []
  for (const rating of ratings) {
    state = nextFsrsState(state, rating, now, 0.9, { weights: DOCUMENTED_WEIGHTS })
    states.push(state)
    now = state.due
  }
  return states
}

describe('FSRS through our wrapper, against ts-fsrs documented examples', () => {
  const { KNOW, NEUTRAL, DONT_KNOW } = LearningRating

  it("test1: Good x6, Again x2, Good x5 (our I know / Don't know)", () => {
    const states = replayDocumented([
      KNOW,
      KNOW,
      KNOW,
      KNOW,
      KNOW,
      KNOW,
      DONT_KNOW,
      DONT_KNOW,
      KNOW,
      KNOW,
      KNOW,
      KNOW,
      KNOW,
    ])
    expect(states.map((state) => state.scheduled_days)).toEqual([
      3, 13, 48, 155, 445, 1158, 17, 3, 11, 37, 112, 307, 773,
    ])
    expect(states.map((state) => state.stability)).toEqual([
      3.0412, 13.09130698, 48.15848988, 154.93732625, 445.05562739, 1158.07779739, 16.63063166,
      3.01732209, 11.42247264, 37.37521902, 111.8752758, 306.5974569, 772.94026648,
    ])
    expect(states.map((state) => state.difficulty)).toEqual([
      4.49094334, 4.26664289, 4.05746029, 3.86237659, 3.68044154, 3.51076891, 4.69833071,
      5.55956298, 5.26323756, 4.98688448, 4.72915759, 4.4888015, 4.26464541,
    ])
    expect(states.at(-1)).toMatchObject({ reps: 13, lapses: 2, state: State.Review })
  })

  it("test2 opening: Again, Hard, Good (our Don't know, Neutral, I know)", () => {
    const states = replayDocumented([DONT_KNOW, NEUTRAL, KNOW])
    expect(states.map((state) => state.scheduled_days)).toEqual([1, 2, 6])
    expect(states.map((state) => state.stability)).toEqual([0.4197, 1.0344317, 5.5356759])
    expect(states.map((state) => state.difficulty)).toEqual([7.1434, 7.03653841, 6.64066485])
  })

  it('test3 opening: Hard, Good (our Neutral, I know)', () => {
    const states = replayDocumented([NEUTRAL, KNOW])
    expect(states.map((state) => state.scheduled_days)).toEqual([2, 7])
    expect(states.map((state) => state.stability)).toEqual([1.1869, 6.59167572])
    expect(states.map((state) => state.difficulty)).toEqual([6.23225985, 5.89059466])
  })

  it('the due date is the review plus the scheduled days', () => {
    const state = nextFsrsState(undefined, KNOW, NOW, 0.9)
    expect(state.due).toBe(NOW + state.scheduled_days * DAY)
    expect(state.last_review).toBe(NOW)
  })

  it('a higher desired retention never schedules a card further out', () => {
    let previous = Number.POSITIVE_INFINITY
    for (const retention of [0.7, 0.8, 0.9, 0.95, 0.97]) {
      const first = nextFsrsState(undefined, KNOW, NOW, retention)
      const second = nextFsrsState(first, KNOW, first.due, retention)
      expect(second.scheduled_days).toBeLessThanOrEqual(previous)
      previous = second.scheduled_days
    }
  })
})

describe('answer mapping', () => {
  it("maps Don't know to Again, Neutral to Hard, I know to Good (Easy unused)", () => {
    expect(FSRS_GRADE_FOR_RATING).toEqual({
      [LearningRating.DONT_KNOW]: Rating.Again,
      [LearningRating.NEUTRAL]: Rating.Hard,
      [LearningRating.KNOW]: Rating.Good,
    })
  })

  it('a failed answer is a lapse for FSRS too; Neutral is a pass, as in the spec', () => {
    const learned = nextFsrsState(undefined, LearningRating.KNOW, NOW, 0.9)
    const again = nextFsrsState(learned, LearningRating.DONT_KNOW, learned.due, 0.9)
    const hard = nextFsrsState(learned, LearningRating.NEUTRAL, learned.due, 0.9)
    expect(again.lapses).toBe(1)
    expect(hard.lapses).toBe(0)
    expect(hard.scheduled_days).toBeGreaterThan(again.scheduled_days)
  })
})

describe('reviewCard', () => {
  it('updates the spec fields exactly as reviewLearningItem does, under either scheduler', () => {
    for (const settings of [SPEC, FSRS]) {
      const reviewed = reviewCard(undefined, LearningRating.NEUTRAL, NOW, settings, 'r1')
      const spec = reviewLearningItem(createLearningItem(), LearningRating.NEUTRAL, NOW)
      expect(reviewed).toMatchObject({
        easinessFactor: spec.easinessFactor,
        interval: spec.interval,
        repetitions: spec.repetitions,
        lastLearned: NOW,
        lastLearnedHistory: [NOW],
      })
      expect(reviewed.fsrs).toEqual(nextFsrsState(undefined, LearningRating.NEUTRAL, NOW, 0.9))
    }
  })

  it('sets the next review by the active scheduler', () => {
    const spec = reviewCard(undefined, LearningRating.KNOW, NOW, SPEC, 'r1')
    const fsrs = reviewCard(undefined, LearningRating.KNOW, NOW, FSRS, 'r1')
    expect(spec.nextReviewInMillis).toBe(
      reviewLearningItem(createLearningItem(), LearningRating.KNOW, NOW).nextReviewInMillis,
    )
    expect(fsrs.nextReviewInMillis).toBe(fsrs.fsrs?.due)
  })

  it('logs each review: id, time, answer, scheduler, interval and FSRS retention', () => {
    const once = reviewCard(undefined, LearningRating.KNOW, NOW, SPEC, 'r1')
    const twice = reviewCard(
      once,
      LearningRating.DONT_KNOW,
      NOW + 3 * DAY,
      {
        scheduler: 'FSRS',
        desiredRetention: 0.85,
      },
      'r2',
    )
    expect(twice.reviewLog).toEqual([
      {
        id: 'r1',
        reviewedAt: NOW,
        rating: 5,
        scheduler: 'SPEC',
        intervalDays: (once.nextReviewInMillis! - NOW) / DAY,
      },
      {
        id: 'r2',
        reviewedAt: NOW + 3 * DAY,
        rating: 0,
        scheduler: 'FSRS',
        intervalDays: (twice.nextReviewInMillis! - NOW - 3 * DAY) / DAY,
        desiredRetention: 0.85,
      },
    ])
    expect(twice.reviewBase).toEqual({
      easinessFactor: 2.5,
      interval: 1,
      repetitions: 0,
      lastLearnedHistory: [],
    })
  })

  it('switching schedulers keeps both states: each one as if it had run all along', () => {
    const times = [NOW, NOW + 2 * DAY, NOW + 9 * DAY, NOW + 30 * DAY]
    const ratings = [
      LearningRating.KNOW,
      LearningRating.NEUTRAL,
      LearningRating.KNOW,
      LearningRating.DONT_KNOW,
    ]
    let mixed: LearningItem | undefined
    let fsrsOnly: FsrsCardState | undefined
    let specOnly = createLearningItem()
    times.forEach((time, index) => {
      const rating = ratings[index]!
      mixed = reviewCard(mixed, rating, time, index % 2 === 0 ? SPEC : FSRS, `r${index}`)
      fsrsOnly = nextFsrsState(fsrsOnly, rating, time, 0.9)
      specOnly = { ...specOnly, ...reviewLearningItem(specOnly, rating, time) }
    })
    expect(mixed?.fsrs).toEqual(fsrsOnly)
    expect(mixed).toMatchObject({
      easinessFactor: specOnly.easinessFactor,
      interval: specOnly.interval,
      repetitions: specOnly.repetitions,
    })
    expect(mixed?.reviewLog).toHaveLength(4)
  })

  it('keeps the replay order when the clock was set back', () => {
    const later = reviewCard(undefined, LearningRating.KNOW, NOW + DAY, SPEC, 'r1')
    const earlier = reviewCard(later, LearningRating.DONT_KNOW, NOW, SPEC, 'r2')
    expect(earlier.reviewLog?.map((entry) => entry.id)).toEqual(['r2', 'r1'])
    expect(earlier).toEqual(replayReviewLog(later.reviewBase!, earlier.reviewLog!, earlier))
  })

  it('the incremental review equals the replay of its log', () => {
    let item: LearningItem | undefined = createLearningItem({ disableLearning: false })
    for (let index = 0; index < 6; index += 1) {
      item = reviewCard(
        item,
        index % 3 === 0 ? 0 : 5,
        NOW + index * 4 * DAY,
        index % 2 ? FSRS : SPEC,
        `r${index}`,
      )
    }
    expect(replayReviewLog(item.reviewBase!, item.reviewLog!, item)).toEqual(item)
  })

  it('keeps fields it does not know and the discard switch', () => {
    const item = createLearningItem({ streakBonus: 2, disableLearning: true })
    const reviewed = reviewCard(item, LearningRating.KNOW, NOW, SPEC, 'r1')
    expect(reviewed.streakBonus).toBe(2)
    expect(reviewed.disableLearning).toBe(true)
  })
})

describe('nextReviewPreview', () => {
  it('gives, per answer, the next review that answer would set, without logging anything', () => {
    const item = reviewCard(undefined, LearningRating.KNOW, NOW, SPEC, 'r1')
    const at = NOW + 6 * DAY
    for (const settings of [SPEC, FSRS]) {
      const preview = nextReviewPreview(item, settings, at)
      expect(preview).toEqual({
        DONT_KNOW: reviewCard(item, LearningRating.DONT_KNOW, at, settings, 'x').nextReviewInMillis,
        NEUTRAL: reviewCard(item, LearningRating.NEUTRAL, at, settings, 'x').nextReviewInMillis,
        KNOW: reviewCard(item, LearningRating.KNOW, at, settings, 'x').nextReviewInMillis,
      })
      expect(preview.DONT_KNOW).toBeLessThanOrEqual(preview.KNOW)
    }
    expect(item.reviewLog).toHaveLength(1)
  })

  it('works for a card never reviewed', () => {
    const preview = nextReviewPreview(undefined, SPEC, NOW)
    expect(preview.KNOW).toBeGreaterThan(NOW)
  })
})

describe('settings', () => {
  it('defaults to the spec scheduler at 0.9 and clamps the retention to 0.70-0.97', () => {
    expect(learningSchedulerSettings({})).toEqual(SPEC)
    expect(
      learningSchedulerSettings({ learningScheduler: 'FSRS', desiredRetention: 0.99 }),
    ).toEqual({
      scheduler: 'FSRS',
      desiredRetention: 0.97,
    })
    expect(clampDesiredRetention(0.5)).toBe(0.7)
    expect(clampDesiredRetention(Number.NaN)).toBe(DEFAULT_DESIRED_RETENTION)
  })

  it('setLearningDisabled stamps the change', () => {
    expect(setLearningDisabled(undefined, true, NOW)).toMatchObject({
      disableLearning: true,
      disableLearningChangedAt: NOW,
    })
  })
})
