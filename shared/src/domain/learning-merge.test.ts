import { describe, expect, it } from 'vitest'
import type { LearningItem } from './entities/learning-item'
import { createLearningItem } from './entities/learning-item'
import { LearningRating } from './learning-review'
import { canonicalJson, learningItemLosesReviews, mergeLearningItems } from './learning-merge'
import {
  reviewCard,
  setLearningDisabled,
  type LearningSchedulerSettings,
} from './learning-scheduler'

const DAY = 86_400_000
const NOW = Date.UTC(2024, 5, 1, 9)
const SPEC: LearningSchedulerSettings = { scheduler: 'SPEC', desiredRetention: 0.9 }
const FSRS: LearningSchedulerSettings = { scheduler: 'FSRS', desiredRetention: 0.85 }
const RATINGS = [LearningRating.DONT_KNOW, LearningRating.NEUTRAL, LearningRating.KNOW] as const

describe('mergeLearningItems', () => {
  it('two devices that reviewed one card offline end with both reviews, replayed in time order', () => {
    const base = reviewCard(undefined, LearningRating.KNOW, NOW, SPEC, 'a0')
    const phone = reviewCard(base, LearningRating.DONT_KNOW, NOW + 3 * DAY, SPEC, 'p1')
    const laptop = reviewCard(base, LearningRating.KNOW, NOW + 4 * DAY, FSRS, 'l1')
    const merged = mergeLearningItems(phone, laptop)
    expect(merged.reviewLog?.map((entry) => entry.id)).toEqual(['a0', 'p1', 'l1'])
    const oneDevice = reviewCard(
      reviewCard(base, LearningRating.DONT_KNOW, NOW + 3 * DAY, SPEC, 'p1'),
      LearningRating.KNOW,
      NOW + 4 * DAY,
      FSRS,
      'l1',
    )
    // The same state as one device making the three reviews in that order; each log entry keeps
    // the interval its own device showed.
    const { reviewLog: mergedLog, ...mergedState } = merged
    const { reviewLog: oneDeviceLog, ...oneDeviceState } = oneDevice
    expect(mergedState).toEqual(oneDeviceState)
    expect(mergedLog?.[2]).toEqual(laptop.reviewLog?.[1])
    expect(oneDeviceLog).toHaveLength(3)
    expect(merged.repetitions).toBe(3)
    expect(merged.lastLearnedHistory).toEqual([NOW, NOW + 3 * DAY, NOW + 4 * DAY])
    expect(mergeLearningItems(laptop, phone)).toEqual(merged)
  })

  it('reviews at the same moment are ordered by id on every device', () => {
    const phone = reviewCard(undefined, LearningRating.KNOW, NOW, SPEC, 'b')
    const laptop = reviewCard(undefined, LearningRating.DONT_KNOW, NOW, SPEC, 'a')
    expect(mergeLearningItems(phone, laptop).reviewLog?.map((entry) => entry.id)).toEqual([
      'a',
      'b',
    ])
    expect(mergeLearningItems(laptop, phone)).toEqual(mergeLearningItems(phone, laptop))
  })

  it('a card reviewed before logs existed keeps that history as the base', () => {
    const old = createLearningItem({
      repetitions: 3,
      interval: 12,
      easinessFactor: 2.6,
      lastLearned: NOW - 12 * DAY,
      lastLearnedHistory: [NOW - 40 * DAY, NOW - 30 * DAY, NOW - 12 * DAY],
      nextReviewInMillis: NOW,
    })
    const phone = reviewCard(old, LearningRating.KNOW, NOW, SPEC, 'p1')
    const merged = mergeLearningItems(old, phone)
    expect(merged).toEqual(phone)
    expect(merged.repetitions).toBe(4)
  })

  it('the later discard change wins; at the same time, discarded wins', () => {
    const card = reviewCard(undefined, LearningRating.KNOW, NOW, SPEC, 'r1')
    const discarded = setLearningDisabled(card, true, NOW + DAY)
    const broughtBack = setLearningDisabled(discarded, false, NOW + 2 * DAY)
    expect(mergeLearningItems(discarded, broughtBack).disableLearning).toBe(false)
    expect(mergeLearningItems(broughtBack, discarded).disableLearning).toBe(false)
    const sameTime = setLearningDisabled(card, false, NOW + DAY)
    expect(mergeLearningItems(sameTime, discarded).disableLearning).toBe(true)
    expect(mergeLearningItems(discarded, sameTime).disableLearning).toBe(true)
  })

  it('learningItemLosesReviews tells when a copy lacks a review or a later discard change', () => {
    const card = reviewCard(undefined, LearningRating.KNOW, NOW, SPEC, 'r1')
    const more = reviewCard(card, LearningRating.KNOW, NOW + 5 * DAY, SPEC, 'r2')
    expect(learningItemLosesReviews(more, card)).toBe(true)
    expect(learningItemLosesReviews(card, more)).toBe(false)
    expect(learningItemLosesReviews(card, undefined)).toBe(true)
    expect(learningItemLosesReviews(undefined, card)).toBe(false)
    expect(learningItemLosesReviews(setLearningDisabled(card, true, NOW + DAY), card)).toBe(true)
  })

  it('canonicalJson ignores key order and undefined values', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe(
      canonicalJson({ a: [{ d: 2 }], b: 1 }),
    )
  })
})

// The domain imports no other layer of shared/, so a small mulberry32 of its own.
interface SeededRandom {
  next(): number
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
}

function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  }
}

// A seeded property test (fast-check is not a dependency): random devices reviewing and
// discarding copies of one card offline, with clocks that tie and go back.
function randomBase(random: SeededRandom): LearningItem {
  if (random.chance(0.5)) {
    return createLearningItem()
  }
  if (random.chance(0.5)) {
    // Reviewed before review logs existed.
    return createLearningItem({
      repetitions: 2,
      interval: 6,
      lastLearned: NOW - 6 * DAY,
      lastLearnedHistory: [NOW - 7 * DAY, NOW - 6 * DAY],
      nextReviewInMillis: NOW,
    })
  }
  return reviewCard(undefined, random.pick(RATINGS), NOW - 3 * DAY, SPEC, 'base-review')
}

function randomDevice(random: SeededRandom, start: LearningItem, name: string): LearningItem {
  let item = start
  const steps = random.int(0, 4)
  for (let step = 0; step < steps; step += 1) {
    // Whole hours, few of them: ties between devices are common.
    const time = NOW + random.int(0, 48) * 3_600_000 * 12
    if (random.chance(0.25)) {
      item = setLearningDisabled(item, random.chance(0.5), time)
    } else {
      const settings = random.chance(0.5) ? SPEC : FSRS
      item = reviewCard(item, random.pick(RATINGS), time, settings, `${name}-${step}`)
    }
  }
  return item
}

function reviewIds(item: LearningItem): string[] {
  return (item.reviewLog ?? []).map((entry) => entry.id).sort()
}

describe('mergeLearningItems properties (seeded)', () => {
  it('is commutative, associative and idempotent, and keeps every review', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const random = createSeededRandom(seed)
      const base = randomBase(random)
      const a = randomDevice(random, base, 'a')
      const b = randomDevice(random, base, 'b')
      const c = randomDevice(random, random.chance(0.3) ? a : base, 'c')
      const context = `seed ${seed}`
      expect(mergeLearningItems(a, a), context).toEqual(a)
      const ab = mergeLearningItems(a, b)
      expect(mergeLearningItems(b, a), context).toEqual(ab)
      expect(mergeLearningItems(ab, c), context).toEqual(
        mergeLearningItems(a, mergeLearningItems(b, c)),
      )
      expect(mergeLearningItems(ab, ab), context).toEqual(ab)
      expect(mergeLearningItems(ab, a), context).toEqual(ab)
      const all = mergeLearningItems(ab, c)
      expect(reviewIds(all), context).toEqual(
        [...new Set([...reviewIds(a), ...reviewIds(b), ...reviewIds(c)])].sort(),
      )
      expect(all.repetitions, context).toBe(
        base.repetitions + reviewIds(all).length - reviewIds(base).length,
      )
    }
  })
})
