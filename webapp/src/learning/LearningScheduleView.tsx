// The schedule: how many reviews fall on each day of the coming four weeks, as a list of days
// with a bar each (a table would say the same; the list reads better on a phone).
import { EmptyState, countLabel } from '@inkmark/design'
import { useLibraryQuery } from '../library/LibraryProvider'
import { learningSchedule } from '@inkmark/shared'
import { useLearningCards } from './use-learning'

/** Days the schedule covers: four weeks. */
export const SCHEDULE_DAYS = 28

const DAY_FORMAT = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
})

/** The schedule view of /learning. */
export function LearningScheduleView() {
  const { marks, now, tz } = useLearningCards()
  const days = useLibraryQuery(() => learningSchedule(marks, now, tz, SCHEDULE_DAYS), [marks])
  const total = days.reduce((sum, day) => sum + day.count, 0)
  const most = Math.max(1, ...days.map((day) => day.count))
  return (
    <section className="learning-schedule" aria-labelledby="learning-schedule-heading">
      <h2 id="learning-schedule-heading">Reviews in the next 4 weeks</h2>
      {total === 0 ? (
        <EmptyState title="No reviews scheduled" headingLevel={3}>
          <p>
            Cards you learn are scheduled for review here. Start a session on the learning
            dashboard; new cards are not listed until you have learned them once.
          </p>
        </EmptyState>
      ) : (
        <>
          <p>{countLabel(total, 'review')} in all.</p>
          <ol className="learning-schedule__days">
            {days.map((day, index) => (
              <li key={day.day} data-count={day.count}>
                <span className="learning-schedule__date">
                  {index === 0 ? 'Today' : index === 1 ? 'Tomorrow' : DAY_FORMAT.format(day.date)}
                </span>
                <span className="learning-schedule__bar" aria-hidden="true">
                  <span style={{ width: `${(100 * day.count) / most}%` }} />
                </span>
                <span className="learning-schedule__count">{countLabel(day.count, 'review')}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
