// The streak overview: the current and longest streaks and a calendar of the last weeks where
// each day says how many cards were learned and marks the days that reached the daily target.
import { countLabel } from '@inkmark/design'
import { DAILY_TARGET } from '@inkmark/shared'
import { useLibraryQuery } from '../library/LibraryProvider'
import { streakCalendar } from '@inkmark/shared'
import { useLearningOverview, useLearningCards } from './use-learning'

/** Weeks the calendar shows. */
export const STREAK_CALENDAR_WEEKS = 6

const DAY_FORMAT = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
})
const DAY_NUMBER = new Intl.DateTimeFormat(undefined, { day: 'numeric' })

// Monday first: short names of the week's days in the reader's locale (2024-01-01 was a Monday).
const WEEKDAY_FORMAT = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' })
const WEEKDAYS = Array.from({ length: 7 }, (_, index) =>
  WEEKDAY_FORMAT.format(Date.UTC(2024, 0, 1 + index)),
)

/** The weekday of a local day number, Monday 0 (day 0, 1970-01-01, was a Thursday). */
export function mondayFirstWeekday(day: number): number {
  return (((day + 3) % 7) + 7) % 7
}

/** The streak view of /learning. */
export function StreakOverview() {
  const overview = useLearningOverview()
  const { marks, now, tz } = useLearningCards()
  const days = useLibraryQuery(
    () => streakCalendar(marks, now, tz, STREAK_CALENDAR_WEEKS * 7),
    [marks],
  )
  const reached = days.filter((day) => day.reachedTarget).length
  return (
    <div className="learning-streak">
      <dl className="learning-stats">
        <div>
          <dt>Current streak</dt>
          <dd>{countLabel(overview.currentStreak, 'day')}</dd>
        </div>
        <div>
          <dt>Longest streak</dt>
          <dd>{countLabel(overview.longestStreak, 'day')}</dd>
        </div>
      </dl>
      <section aria-labelledby="learning-calendar-heading">
        <h2 id="learning-calendar-heading">The last {STREAK_CALENDAR_WEEKS} weeks</h2>
        <p>
          A day counts toward the streak when you learn at least {DAILY_TARGET} cards.{' '}
          {countLabel(reached, 'day')} reached the target in these weeks.
        </p>
        <div className="learning-calendar__weekdays" aria-hidden="true">
          {WEEKDAYS.map((name) => (
            <span key={name}>{name}</span>
          ))}
        </div>
        <ol className="learning-calendar">
          {days.map((day, index) => (
            <li
              key={day.day}
              // The first day sits under its weekday; the rest follow in rows of seven.
              style={index === 0 ? { gridColumnStart: mondayFirstWeekday(day.day) + 1 } : undefined}
              className={
                day.reachedTarget ? 'learning-calendar__day is-reached' : 'learning-calendar__day'
              }
              data-reached={day.reachedTarget}
              aria-label={`${DAY_FORMAT.format(day.date)}: ${countLabel(day.learned, 'card')} learned${day.reachedTarget ? ', target reached' : ''}`}
            >
              <span aria-hidden="true">{DAY_NUMBER.format(day.date)}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
