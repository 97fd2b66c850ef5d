// The figures of the learning views (dashboard, categories, schedule, streak calendar) and the
// session's cards, computed over the library's marks with the spec's rules from @inkmark/shared
// (buildDailySession, computeStreaks, isDue, memoryLevel). Pure: marks, the time and the time
// zone (minutes east of UTC) in, plain numbers out, so every view and dialog agrees.
import {
  DAILY_TARGET,
  MemoryLevel,
  buildDailySession,
  computeStreaks,
  isDue,
  isNewLearningItem,
  learningDayIndex,
  memoryLevel,
  toSiteOrigin,
  type DailySession,
  type Mark,
} from '@inkmark/shared'

const MILLIS_PER_DAY = 86_400_000
const MILLIS_PER_MINUTE = 60_000

/** The learning dashboard's figures. */
export interface LearningOverview {
  dueCount: number
  learnedToday: number
  dailyTarget: number
  totalCards: number
  levels: Record<MemoryLevel, number>
  currentStreak: number
  longestStreak: number
}

/** A day of the schedule: its day number, its local midnight (epoch ms) and the reviews due. */
export interface ScheduleDay {
  day: number
  date: number
  count: number
}

/** A day of the streak calendar: how many cards were learned and whether that met the target. */
export interface StreakDay {
  day: number
  date: number
  learned: number
  reachedTarget: boolean
}

/** A learning category: a tag or a site, with its cards and how many are due now. */
export interface LearningCategories {
  tags: { tag: string; total: number; due: number }[]
  sites: { origin: string; total: number; due: number }[]
}

/** What a session is limited to: one tag or one site (none: the whole library). */
export type LearningCategory = { tag: string } | { origin: string }

/** Local midnight (epoch ms) of a day number. */
export function dayStart(day: number, tz: number): number {
  return day * MILLIS_PER_DAY - tz * MILLIS_PER_MINUTE
}

function learnHistory(marks: readonly Mark[]): number[] {
  return marks.flatMap((mark) => mark.learningItem?.lastLearnedHistory ?? [])
}

function emptyLevels(): Record<MemoryLevel, number> {
  return Object.fromEntries(Object.values(MemoryLevel).map((level) => [level, 0])) as Record<
    MemoryLevel,
    number
  >
}

/** Cards due, learned today against the target, memory levels and streaks. */
export function learningOverview(
  marks: readonly Mark[],
  now: number,
  tz: number,
): LearningOverview {
  const streaks = computeStreaks(learnHistory(marks), now, tz)
  const levels = emptyLevels()
  let dueCount = 0
  for (const mark of marks) {
    levels[memoryLevel(mark.learningItem)] += 1
    if (isDue(mark.learningItem, now, tz)) {
      dueCount += 1
    }
  }
  return {
    dueCount,
    learnedToday: streaks.learnedToday,
    dailyTarget: DAILY_TARGET,
    totalCards: marks.length,
    levels,
    currentStreak: streaks.currentStreak,
    longestStreak: streaks.longestStreak,
  }
}

/**
 * Reviews due on each of the next `days` days, today first. Overdue reviews count today; new
 * cards and discarded ones have no review to schedule.
 */
export function learningSchedule(
  marks: readonly Mark[],
  now: number,
  tz: number,
  days: number,
): ScheduleDay[] {
  const today = learningDayIndex(now, tz)
  const counts = new Array<number>(days).fill(0)
  for (const mark of marks) {
    const item = mark.learningItem
    if (item === undefined || item.disableLearning || isNewLearningItem(item)) {
      continue
    }
    const next = item.nextReviewInMillis
    const offset = next === undefined ? 0 : Math.max(0, learningDayIndex(next, tz) - today)
    if (offset < days) {
      counts[offset] = (counts[offset] ?? 0) + 1
    }
  }
  return counts.map((count, offset) => ({
    day: today + offset,
    date: dayStart(today + offset, tz),
    count,
  }))
}

function addTo<K>(map: Map<K, { total: number; due: number }>, key: K, due: boolean): void {
  const entry = map.get(key) ?? { total: 0, due: 0 }
  entry.total += 1
  entry.due += due ? 1 : 0
  map.set(key, entry)
}

function byDueThenName<T extends { due: number; total: number }>(
  name: (entry: T) => string,
): (a: T, b: T) => number {
  return (a, b) => b.due - a.due || b.total - a.total || name(a).localeCompare(name(b))
}

/** The tags and the sites of the learning cards, each with its total and due cards. */
export function learningCategories(
  marks: readonly Mark[],
  now: number,
  tz: number,
): LearningCategories {
  const tags = new Map<string, { total: number; due: number }>()
  const sites = new Map<string, { total: number; due: number }>()
  for (const mark of marks) {
    if (mark.learningItem?.disableLearning === true) {
      continue
    }
    const due = isDue(mark.learningItem, now, tz)
    // One entry per tag whatever its case: 'Biology' and 'biology' are one category (hasTag).
    const seen = new Set<string>()
    for (const tag of mark.tags) {
      const key = tag.toLowerCase()
      if (!seen.has(key)) {
        seen.add(key)
        addTo(tags, tag, due)
      }
    }
    const site = siteOfMark(mark)
    if (site !== null) {
      addTo(sites, site, due)
    }
  }
  return {
    tags: mergeTagCase([...tags.entries()]).sort(byDueThenName((entry) => entry.tag)),
    sites: [...sites.entries()]
      .map(([origin, counts]) => ({ origin, ...counts }))
      .sort(byDueThenName((entry) => entry.origin)),
  }
}

function mergeTagCase(
  entries: [string, { total: number; due: number }][],
): { tag: string; total: number; due: number }[] {
  const merged = new Map<string, { tag: string; total: number; due: number }>()
  for (const [tag, counts] of entries) {
    const key = tag.toLowerCase()
    const entry = merged.get(key)
    if (entry === undefined) {
      merged.set(key, { tag, ...counts })
    } else {
      entry.total += counts.total
      entry.due += counts.due
    }
  }
  return [...merged.values()]
}

/** The site of a highlight, as the categories name it. */
export function siteOfMark(mark: Pick<Mark, 'origin' | 'url'>): string | null {
  return toSiteOrigin(mark.origin || mark.url)
}

/** The last `days` days, today last, with the cards learned and whether each met the target. */
export function streakCalendar(
  marks: readonly Mark[],
  now: number,
  tz: number,
  days: number,
): StreakDay[] {
  const today = learningDayIndex(now, tz)
  const first = today - days + 1
  const counts = new Array<number>(days).fill(0)
  for (const time of learnHistory(marks)) {
    const index = learningDayIndex(time, tz) - first
    if (index >= 0 && index < days) {
      counts[index] = (counts[index] ?? 0) + 1
    }
  }
  return counts.map((learned, index) => ({
    day: first + index,
    date: dayStart(first + index, tz),
    learned,
    reachedTarget: learned >= DAILY_TARGET,
  }))
}

/** Whether a highlight belongs to a category. */
export function inCategory(mark: Mark, category: LearningCategory | undefined): boolean {
  if (category === undefined) {
    return true
  }
  return 'tag' in category
    ? mark.tags.some((tag) => tag.toLowerCase() === category.tag.toLowerCase())
    : siteOfMark(mark) === category.origin
}

/** Today's session (the spec's daily session) over the whole library or one category. */
export function sessionFor(
  marks: readonly Mark[],
  now: number,
  tz: number,
  category?: LearningCategory,
): DailySession<Mark & { id: string }> {
  const candidates = marks
    .filter((mark) => inCategory(mark, category))
    .map((mark) => ({ ...mark, id: mark._id }))
  return buildDailySession(candidates, now, { timeZoneOffsetMinutes: tz })
}
