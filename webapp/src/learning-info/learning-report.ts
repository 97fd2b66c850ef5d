// What this device tells the relay about today's learning (PUT /learning-info), computed from the
// library's marks with the spec's functions: cards due and learned today as buildDailySession and
// computeStreaks count them, the daily target, and when the next card not due yet falls due (so
// the relay knows cards will be waiting tomorrow without another report).
import {
  DAILY_TARGET,
  buildDailySession,
  computeStreaks,
  isDue,
  learningDayIndex,
  type Mark,
} from '@inkmark/shared'

const MINUTE = 60 * 1000
const DAY = 24 * 60 * MINUTE

/** The body of PUT /learning-info. */
export interface LearningReport {
  dueCount: number
  learnedToday: number
  dailyTarget: number
  nextDueAt: number | null
}

/** The report at `now`, with `offset` the time zone in minutes east of UTC. */
export function learningReport(
  marks: readonly Mark[],
  now: number,
  offset: number,
): LearningReport {
  const candidates = marks.map((mark) => ({
    id: mark._id,
    createdAt: mark.createdAt,
    ...(mark.learningItem ? { learningItem: mark.learningItem } : {}),
  }))
  const session = buildDailySession(candidates, now, { timeZoneOffsetMinutes: offset })
  const history = marks.flatMap((mark) => mark.learningItem?.lastLearnedHistory ?? [])
  const { learnedToday } = computeStreaks(history, now, offset)
  const today = learningDayIndex(now, offset)
  const tomorrow = (today + 1) * DAY - offset * MINUTE
  let nextDueAt: number | null = null
  for (const mark of marks) {
    const item = mark.learningItem
    if (item === undefined || item.disableLearning === true || isDue(item, now, offset)) {
      continue
    }
    // A card learned today waits for tomorrow even if its review time has come.
    const learnedToday =
      item.lastLearned !== undefined && learningDayIndex(item.lastLearned, offset) === today
    const at = Math.max(item.nextReviewInMillis ?? 0, learnedToday ? tomorrow : 0)
    if (at > now && (nextDueAt === null || at < nextDueAt)) {
      nextDueAt = at
    }
  }
  return { dueCount: session.dueCount, learnedToday, dailyTarget: DAILY_TARGET, nextDueAt }
}
