// The learner's day: which cards are due, which ten make up today's session, how long the
// streak is and whether the reminder teaser shows. Calendar days are computed from epoch
// milliseconds plus a time-zone offset passed in, so the rules stay pure and testable.
// See docs/adr/002-learning-update-order.md for the choices the spec leaves open.
import type { LearningItemState } from './learning-review'
import { isNewLearningItem } from './learning-review'

/** Cards to learn per day; a day with at least this many counts toward the streak. */
export const DAILY_TARGET = 10
/** Share of the session's slots reserved for previously learned due cards (rounded up). */
export const DAILY_SESSION_LEARNED_SHARE = 0.5

const MILLIS_PER_DAY = 86_400_000
const MILLIS_PER_MINUTE = 60_000

/** A card that may join a session: a mark id, its creation time and its learning item. */
export interface LearningCandidate {
  id: string
  createdAt?: number
  learningItem?: LearningItemState
}

/** Options for building a daily session. */
export interface DailySessionOptions {
  /** Minutes east of UTC (UTC+2 is 120), i.e. `-new Date().getTimezoneOffset()`. */
  timeZoneOffsetMinutes?: number
}

/** Today's session: the cards to show, in order, and the counts behind it. */
export interface DailySession<T> {
  cards: T[]
  learnedToday: number
  slots: number
  dueCount: number
}

/** Streak figures over the learn history. */
export interface LearningStreaks {
  currentStreak: number
  longestStreak: number
  learnedToday: number
}

/** What the learning reminder teaser needs to decide whether to show. */
export interface LearningTeaserInput {
  showLearningTeaser: boolean
  lastTeaserClosedDateInMillis?: number
  learnedToday: number
  dueCount: number
  /** Minutes east of UTC, as for the daily session. */
  timeZoneOffsetMinutes?: number
}

/** The local calendar day number (days since 1970-01-01) of a time at a UTC offset in minutes. */
export function learningDayIndex(time: number, timeZoneOffsetMinutes = 0): number {
  return Math.floor((time + timeZoneOffsetMinutes * MILLIS_PER_MINUTE) / MILLIS_PER_DAY)
}

function isSameDay(a: number | undefined, b: number, timeZoneOffsetMinutes: number): boolean {
  return (
    a !== undefined &&
    learningDayIndex(a, timeZoneOffsetMinutes) === learningDayIndex(b, timeZoneOffsetMinutes)
  )
}

/** True when a card should be learned now: not discarded, not learned today, review time reached. */
export function isDue(
  item: LearningItemState | undefined,
  now: number,
  timeZoneOffsetMinutes = 0,
): boolean {
  if (item === undefined) {
    return true
  }
  if (item.disableLearning === true || isSameDay(item.lastLearned, now, timeZoneOffsetMinutes)) {
    return false
  }
  return item.nextReviewInMillis === undefined || item.nextReviewInMillis <= now
}

function countByDay(
  history: readonly number[],
  timeZoneOffsetMinutes: number,
): Map<number, number> {
  const counts = new Map<number, number>()
  for (const time of history) {
    if (Number.isFinite(time)) {
      const day = learningDayIndex(time, timeZoneOffsetMinutes)
      counts.set(day, (counts.get(day) ?? 0) + 1)
    }
  }
  return counts
}

/** Current and longest runs of days with at least 10 cards learned, and today's count. */
export function computeStreaks(
  history: readonly number[],
  now: number,
  timeZoneOffsetMinutes = 0,
): LearningStreaks {
  const counts = countByDay(history, timeZoneOffsetMinutes)
  const today = learningDayIndex(now, timeZoneOffsetMinutes)
  const learnedToday = counts.get(today) ?? 0
  const fullDays = [...counts.entries()]
    .filter(([, count]) => count >= DAILY_TARGET)
    .map(([day]) => day)
    .sort((a, b) => a - b)

  let longestStreak = 0
  let run = 0
  let previous = Number.NaN
  for (const day of fullDays) {
    run = day === previous + 1 ? run + 1 : 1
    longestStreak = Math.max(longestStreak, run)
    previous = day
  }

  const fullDaySet = new Set(fullDays)
  // Today is still in progress: an unfinished today neither counts nor breaks the streak.
  let day = learnedToday >= DAILY_TARGET ? today : today - 1
  let currentStreak = 0
  while (fullDaySet.has(day)) {
    currentStreak += 1
    day -= 1
  }
  return { currentStreak, longestStreak, learnedToday }
}

function byMostOverdue(a: LearningCandidate, b: LearningCandidate): number {
  const aNext = a.learningItem?.nextReviewInMillis ?? Number.NEGATIVE_INFINITY
  const bNext = b.learningItem?.nextReviewInMillis ?? Number.NEGATIVE_INFINITY
  if (aNext !== bNext) {
    return aNext < bNext ? -1 : 1
  }
  return compareIds(a, b)
}

function byOldestCreated(a: LearningCandidate, b: LearningCandidate): number {
  // Cards without a creation time go after dated ones.
  const aCreated = a.createdAt ?? Number.POSITIVE_INFINITY
  const bCreated = b.createdAt ?? Number.POSITIVE_INFINITY
  if (aCreated !== bCreated) {
    return aCreated < bCreated ? -1 : 1
  }
  return compareIds(a, b)
}

function compareIds(a: LearningCandidate, b: LearningCandidate): number {
  if (a.id === b.id) {
    return 0
  }
  return a.id < b.id ? -1 : 1
}

/** Today's cards: up to 10 minus learned today, half for learned due cards, the rest new ones. */
export function buildDailySession<T extends LearningCandidate>(
  items: readonly T[],
  now: number,
  options: DailySessionOptions = {},
): DailySession<T> {
  const offset = options.timeZoneOffsetMinutes ?? 0
  const history = items.flatMap((item) => item.learningItem?.lastLearnedHistory ?? [])
  const { learnedToday } = computeStreaks(history, now, offset)
  const due = items.filter((item) => isDue(item.learningItem, now, offset))
  const learned = due.filter((item) => !isNewLearningItem(item.learningItem)).sort(byMostOverdue)
  const fresh = due.filter((item) => isNewLearningItem(item.learningItem)).sort(byOldestCreated)
  return fillDailySession(learned, fresh, learnedToday, due.length)
}

/**
 * The session from the due cards in priority order (`learned`: most overdue first; `fresh`: oldest
 * first): up to 10 minus learned today, half the slots (rounded up) for learned cards, the rest new
 * ones, and slots one kind leaves unused go to the other.
 */
export function fillDailySession<T>(
  learned: readonly T[],
  fresh: readonly T[],
  learnedToday: number,
  dueCount: number,
): DailySession<T> {
  const slots = Math.max(0, DAILY_TARGET - learnedToday)
  const learnedQuota = Math.ceil(slots * DAILY_SESSION_LEARNED_SHARE)
  let learnedTaken = Math.min(learned.length, learnedQuota)
  const freshTaken = Math.min(fresh.length, slots - learnedTaken)
  // New cards ran short: give their unused slots back to learned cards.
  learnedTaken = Math.min(learned.length, slots - freshTaken)

  return {
    cards: [...learned.slice(0, learnedTaken), ...fresh.slice(0, freshTaken)],
    learnedToday,
    slots,
    dueCount,
  }
}

/** True when the reminder teaser shows: enabled, under 10 today, cards due, not closed today. */
export function shouldShowLearningTeaser(input: LearningTeaserInput, now: number): boolean {
  const offset = input.timeZoneOffsetMinutes ?? 0
  return (
    input.showLearningTeaser &&
    input.learnedToday < DAILY_TARGET &&
    input.dueCount > 0 &&
    !isSameDay(input.lastTeaserClosedDateInMillis, now, offset)
  )
}
