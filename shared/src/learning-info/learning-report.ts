// What this device tells the relay about today's learning (PUT /learning-info), computed from the
// library's marks with the shared functions: cards due and learned today as the dashboard counts
// them (learningOverview: isDue as buildDailySession counts it, computeStreaks for today), the
// daily target, and when the next card not due yet falls due (so the relay knows cards will be
// waiting tomorrow without another report).
import type { Mark } from '../domain/entities/mark'
import { isDue, learningDayIndex } from '../domain/learning-session'
import { learningOverview } from '../domain/learning-stats'

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
  // The dashboard's own figures (isDue as buildDailySession counts it, computeStreaks for today).
  const { dueCount, learnedToday, dailyTarget } = learningOverview(marks, now, offset)
  const today = learningDayIndex(now, offset)
  const tomorrow = (today + 1) * DAY - offset * MINUTE
  let nextDueAt: number | null = null
  for (const mark of marks) {
    const item = mark.learningItem
    if (item === undefined || item.disableLearning === true || isDue(item, now, offset)) {
      continue
    }
    // A card learned today waits for tomorrow even if its review time has come.
    const learnedItToday =
      item.lastLearned !== undefined && learningDayIndex(item.lastLearned, offset) === today
    const at = Math.max(item.nextReviewInMillis ?? 0, learnedItToday ? tomorrow : 0)
    if (at > now && (nextDueAt === null || at < nextDueAt)) {
      nextDueAt = at
    }
  }
  return { dueCount, learnedToday, dailyTarget, nextDueAt }
}
