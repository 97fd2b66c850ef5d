// The learning views' words for times and counts: when an answer brings a card back ('tomorrow',
// 'in 6 days', 'in 3 months'), with plurals from the shared countLabel.
import { countLabel, learningDayIndex } from '@inkmark/shared'

/** The spec's success toast of a discard. */
export const DISCARDED_MESSAGE =
  'Discarded! This highlight will no longer show up in your learning sessions.'
/** The toast of an undiscard from the notebook. */
export const LEARNING_RESTORED_MESSAGE = 'This highlight is back in your learning sessions.'

const DAYS_PER_MONTH = 30
const DAYS_PER_YEAR = 365

/** When a card comes back, in words relative to today. */
export function reviewWhenLabel(at: number, now: number, tz: number): string {
  const days = learningDayIndex(at, tz) - learningDayIndex(now, tz)
  if (days <= 0) {
    return 'today'
  }
  if (days === 1) {
    return 'tomorrow'
  }
  if (days < 2 * DAYS_PER_MONTH) {
    return `in ${countLabel(days, 'day')}`
  }
  if (days < DAYS_PER_YEAR) {
    return `in ${countLabel(Math.round(days / DAYS_PER_MONTH), 'month')}`
  }
  return `in ${countLabel(Math.round(days / DAYS_PER_YEAR), 'year')}`
}

/** The time zone of this browser, as the learning rules take it (minutes east of UTC). */
export function browserTimeZoneOffset(at: number = Date.now()): number {
  return -new Date(at).getTimezoneOffset()
}
