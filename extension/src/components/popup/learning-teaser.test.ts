import { describe, expect, it } from 'vitest'
import { learningTeaserFor } from './learning-teaser'

const HOUR = 3_600_000
// Noon UTC on a fixed day; the popup passes its own time zone, these tests pass one.
const NOON = Date.UTC(2026, 5, 15, 12)
const status = (cards: number, learnedToday = 0) => ({
  dueCount: cards,
  learnedToday,
  sessionCardIds: Array.from({ length: cards }, (_, index) => `m${index}`),
})
const settings = (lastTeaserClosedDateInMillis?: number, showLearningTeaser = true) => ({
  showLearningTeaser,
  lastTeaserClosedDateInMillis,
})

describe('learningTeaserFor', () => {
  it("counts today's session cards", () => {
    expect(learningTeaserFor(status(5), settings(), NOON, 0)).toEqual({ cardsToday: 5 })
    expect(learningTeaserFor(status(7, 3), settings(), NOON, 0)).toEqual({ cardsToday: 7 })
  })

  it('stays hidden when switched off, with nothing due, or with the target reached', () => {
    expect(learningTeaserFor(status(5), settings(undefined, false), NOON, 0)).toBeUndefined()
    expect(learningTeaserFor(status(0), settings(), NOON, 0)).toBeUndefined()
    expect(
      learningTeaserFor({ dueCount: 4, learnedToday: 10, sessionCardIds: [] }, settings(), NOON, 0),
    ).toBeUndefined()
  })

  it('stays closed for the rest of the day it was closed, and shows again the next day', () => {
    const closedAt = NOON - 2 * HOUR
    expect(learningTeaserFor(status(5), settings(closedAt), NOON, 0)).toBeUndefined()
    expect(learningTeaserFor(status(5), settings(closedAt), NOON + 11 * HOUR, 0)).toBeUndefined()
    expect(learningTeaserFor(status(5), settings(closedAt), NOON + 12 * HOUR, 0)).toEqual({
      cardsToday: 5,
    })
    // Closed yesterday: shown today.
    expect(learningTeaserFor(status(5), settings(closedAt - 24 * HOUR), NOON, 0)).toEqual({
      cardsToday: 5,
    })
  })

  it('counts the day in the local time zone', () => {
    // Closed at 22:00 UTC; at 01:00 UTC it is the next day in UTC but the same day at UTC-5.
    const closedAt = NOON + 10 * HOUR
    const later = NOON + 13 * HOUR
    expect(learningTeaserFor(status(5), settings(closedAt), later, 0)).toEqual({ cardsToday: 5 })
    expect(learningTeaserFor(status(5), settings(closedAt), later, -300)).toBeUndefined()
  })
})
