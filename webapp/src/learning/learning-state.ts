// Small decisions over the learning figures that more than one view makes alike.
import type { LearningOverview } from '@inkmark/shared'

/** Whether today's learning is over: the target reached, or no card due. */
export function isDoneForToday(
  overview: Pick<LearningOverview, 'learnedToday' | 'dailyTarget' | 'dueCount'>,
): boolean {
  return overview.learnedToday >= overview.dailyTarget || overview.dueCount === 0
}
