// The learning screens' figures, computed from the marks in one pass each: the dashboard overview,
// the reviews due by day, the tag and site categories, the streak calendar and a category's daily
// session. Pure (marks, clock and time zone in), so every app and the benchmark count alike.
// `tz` is minutes east of UTC (UTC+2 is 120), i.e. `-new Date().getTimezoneOffset()`.
import type { Mark } from './entities/mark'
import type { MemoryLevel } from './learning-review'
import { MemoryLevel as MemoryLevels, isNewLearningItem, memoryLevel } from './learning-review'
import type { DailySession } from './learning-session'
import {
  fillDailySession,
  DAILY_TARGET,
  computeStreaks,
  isDue,
  learningDayIndex,
} from './learning-session'
import { parseUrl } from './url-parts'

const MILLIS_PER_DAY = 86_400_000
const MILLIS_PER_MINUTE = 60_000

/** The marks' fields the learning figures read. */
export type LearningMark = Pick<Mark, '_id' | 'url' | 'tags' | 'createdAt' | 'learningItem'> &
  Partial<Pick<Mark, 'origin'>>

/** The dashboard's figures. */
export interface LearningOverview {
  /** Cards to learn now (not discarded, not learned today, review time reached or new). */
  dueCount: number
  learnedToday: number
  dailyTarget: number
  /** Cards taking part in learning (every highlight that is not discarded). */
  totalCards: number
  /** Cards per memory level, discarded ones under DISCARDED. */
  levels: Record<MemoryLevel, number>
  currentStreak: number
  longestStreak: number
}

/** Reviews falling on one local day. */
export interface LearningScheduleDay {
  /** The local day number (learningDayIndex). */
  day: number
  /** Epoch millis of the local day's start. */
  date: number
  count: number
}

/** One tag's or site's cards. */
export interface LearningTagCategory {
  tag: string
  total: number
  due: number
}
export interface LearningSiteCategory {
  origin: string
  total: number
  due: number
}
export interface LearningCategories {
  tags: LearningTagCategory[]
  sites: LearningSiteCategory[]
}

/** One day of the streak calendar. */
export interface StreakCalendarDay {
  day: number
  date: number
  learned: number
  reachedTarget: boolean
}

/** A category to learn: the marks with a tag, or the marks of a site. */
export type LearningCategory = { tag: string } | { origin: string }

/** Epoch millis of the start of a local day. */
export function learningDayStart(day: number, tz: number): number {
  return day * MILLIS_PER_DAY - tz * MILLIS_PER_MINUTE
}

function emptyLevels(): Record<MemoryLevel, number> {
  const levels = {} as Record<MemoryLevel, number>
  for (const level of Object.values(MemoryLevels)) {
    levels[level] = 0
  }
  return levels
}

/** The site a mark belongs to: its stored origin, else the scheme and host of its URL. */
export function markSite(mark: Pick<Mark, 'url'> & Partial<Pick<Mark, 'origin'>>): string {
  if (mark.origin !== undefined && mark.origin !== '') {
    return mark.origin
  }
  const parts = parseUrl(mark.url)
  if (parts === null || !parts.hasAuthority) {
    return mark.url
  }
  return `${parts.protocol}://${parts.host}${parts.port === '' ? '' : `:${parts.port}`}`
}

function isDiscarded(mark: LearningMark): boolean {
  return mark.learningItem?.disableLearning === true
}

/** The dashboard: due now, learned today against the target, memory levels and streaks. */
export function learningOverview(
  marks: readonly LearningMark[],
  now: number,
  tz: number,
): LearningOverview {
  const levels = emptyLevels()
  const history: number[] = []
  let dueCount = 0
  let totalCards = 0
  for (const mark of marks) {
    const item = mark.learningItem
    levels[memoryLevel(item)] += 1
    if (item !== undefined) {
      for (const time of item.lastLearnedHistory) {
        history.push(time)
      }
    }
    if (!isDiscarded(mark)) {
      totalCards += 1
    }
    if (isDue(item, now, tz)) {
      dueCount += 1
    }
  }
  const { currentStreak, longestStreak, learnedToday } = computeStreaks(history, now, tz)
  return {
    dueCount,
    learnedToday,
    dailyTarget: DAILY_TARGET,
    totalCards,
    levels,
    currentStreak,
    longestStreak,
  }
}

/**
 * Reviews due on each of the next `days` local days, today first. Overdue cards count today; a card
 * learned today is not shown again today, so it counts tomorrow at the earliest. Cards never
 * reviewed have no schedule and are not counted (they join sessions as new cards).
 */
export function learningSchedule(
  marks: readonly LearningMark[],
  now: number,
  tz: number,
  days: number,
): LearningScheduleDay[] {
  const today = learningDayIndex(now, tz)
  const counts = new Array<number>(Math.max(0, days)).fill(0)
  for (const mark of marks) {
    const item = mark.learningItem
    if (item === undefined || item.disableLearning || isNewLearningItem(item)) {
      continue
    }
    const earliest =
      item.lastLearned !== undefined && learningDayIndex(item.lastLearned, tz) === today
        ? today + 1
        : today
    const dueDay =
      item.nextReviewInMillis === undefined ? today : learningDayIndex(item.nextReviewInMillis, tz)
    const offset = Math.max(earliest, dueDay) - today
    if (offset < counts.length) {
      counts[offset] = (counts[offset] ?? 0) + 1
    }
  }
  return counts.map((count, offset) => ({
    day: today + offset,
    date: learningDayStart(today + offset, tz),
    count,
  }))
}

function byTotalThenName<T extends { total: number }>(name: (entry: T) => string) {
  return (a: T, b: T): number => {
    if (a.total !== b.total) {
      return b.total - a.total
    }
    const aName = name(a)
    const bName = name(b)
    return aName === bName ? 0 : aName < bName ? -1 : 1
  }
}

/** Cards and due cards per tag and per site (discarded cards left out), largest first. */
export function learningCategories(
  marks: readonly LearningMark[],
  now: number,
  tz: number,
): LearningCategories {
  const tags = new Map<string, LearningTagCategory>()
  const sites = new Map<string, LearningSiteCategory>()
  for (const mark of marks) {
    if (isDiscarded(mark)) {
      continue
    }
    const due = isDue(mark.learningItem, now, tz) ? 1 : 0
    for (const tag of new Set(mark.tags)) {
      const entry = tags.get(tag) ?? { tag, total: 0, due: 0 }
      entry.total += 1
      entry.due += due
      tags.set(tag, entry)
    }
    const origin = markSite(mark)
    const site = sites.get(origin) ?? { origin, total: 0, due: 0 }
    site.total += 1
    site.due += due
    sites.set(origin, site)
  }
  return {
    tags: [...tags.values()].sort(byTotalThenName((entry) => entry.tag)),
    sites: [...sites.values()].sort(byTotalThenName((entry) => entry.origin)),
  }
}

/** Cards learned on each of the last `days` local days, oldest first, ending today. */
export function streakCalendar(
  marks: readonly LearningMark[],
  now: number,
  tz: number,
  days: number,
): StreakCalendarDay[] {
  const today = learningDayIndex(now, tz)
  const count = Math.max(0, days)
  const first = today - count + 1
  const learned = new Array<number>(count).fill(0)
  for (const mark of marks) {
    for (const time of mark.learningItem?.lastLearnedHistory ?? []) {
      const offset = learningDayIndex(time, tz) - first
      if (offset >= 0 && offset < count) {
        learned[offset] = (learned[offset] ?? 0) + 1
      }
    }
  }
  return learned.map((value, offset) => ({
    day: first + offset,
    date: learningDayStart(first + offset, tz),
    learned: value,
    reachedTarget: value >= DAILY_TARGET,
  }))
}

function inCategory(mark: LearningMark, category: LearningCategory): boolean {
  return 'tag' in category ? mark.tags.includes(category.tag) : markSite(mark) === category.origin
}

// Keeps the `limit` smallest entries of a stream in order (insertion into a short sorted list):
// a session needs at most ten of each kind, so this beats sorting every due card.
function keepSmallest<T>(kept: T[], entry: T, limit: number, compare: (a: T, b: T) => number) {
  if (limit <= 0 || (kept.length >= limit && compare(entry, kept[kept.length - 1]!) >= 0)) {
    return
  }
  let at = kept.length
  while (at > 0 && compare(entry, kept[at - 1]!) < 0) {
    at -= 1
  }
  kept.splice(at, 0, entry)
  if (kept.length > limit) {
    kept.pop()
  }
}

function compareMarkIds(a: LearningMark, b: LearningMark): number {
  return a._id === b._id ? 0 : a._id < b._id ? -1 : 1
}

function byMostOverdue(a: LearningMark, b: LearningMark): number {
  const aNext = a.learningItem?.nextReviewInMillis ?? Number.NEGATIVE_INFINITY
  const bNext = b.learningItem?.nextReviewInMillis ?? Number.NEGATIVE_INFINITY
  return aNext !== bNext ? (aNext < bNext ? -1 : 1) : compareMarkIds(a, b)
}

function byOldestCreated(a: LearningMark, b: LearningMark): number {
  return a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : compareMarkIds(a, b)
}

/**
 * Today's session (the spec's buildDailySession: up to 10 minus learned today, half for learned
 * due cards, the rest new ones) over all marks or one category's marks, in one pass: it gives
 * exactly buildDailySession's cards and counts (a unit test holds them to it), without sorting
 * every due card.
 */
export function sessionFor<M extends LearningMark>(
  marks: readonly M[],
  now: number,
  tz: number,
  category?: LearningCategory,
): DailySession<M> {
  const today = learningDayIndex(now, tz)
  let learnedToday = 0
  let dueCount = 0
  // The session has at most DAILY_TARGET slots: keep that many of each kind, cut to size after.
  const learned: M[] = []
  const fresh: M[] = []
  for (const mark of marks) {
    if (category !== undefined && !inCategory(mark, category)) {
      continue
    }
    const item = mark.learningItem
    if (item !== undefined) {
      for (const time of item.lastLearnedHistory) {
        if (Number.isFinite(time) && learningDayIndex(time, tz) === today) {
          learnedToday += 1
        }
      }
    }
    if (!isDue(item, now, tz)) {
      continue
    }
    dueCount += 1
    if (isNewLearningItem(item)) {
      keepSmallest(fresh, mark, DAILY_TARGET, byOldestCreated)
    } else {
      keepSmallest(learned, mark, DAILY_TARGET, byMostOverdue)
    }
  }
  return fillDailySession(learned, fresh, learnedToday, dueCount)
}
