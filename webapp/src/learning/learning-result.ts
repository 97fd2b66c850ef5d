// The session result's 'Next reviews': the learned cards grouped by the day they come back.
import { learningDayIndex, type Mark } from '@inkmark/shared'
import { learningDayStart } from '@inkmark/shared'

/** The days the cards come back on (local midnight, epoch ms), soonest first, with their counts. */
export function nextReviewGroups(
  marks: readonly Mark[],
  now: number,
  tz: number,
): { date: number; count: number }[] {
  const counts = new Map<number, number>()
  for (const mark of marks) {
    const next = mark.learningItem?.nextReviewInMillis
    if (next !== undefined && mark.learningItem?.disableLearning !== true) {
      const day = Math.max(learningDayIndex(next, tz), learningDayIndex(now, tz))
      counts.set(day, (counts.get(day) ?? 0) + 1)
    }
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, count]) => ({ date: learningDayStart(day, tz), count }))
}
