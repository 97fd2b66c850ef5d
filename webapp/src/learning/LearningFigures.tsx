// The learning figures shared by the learning dashboard and the 'Learning progress' dialog: cards
// due, learned today against the daily target (with a progress bar), the streak and the memory
// levels with their labels.
import { countLabel } from '@inkmark/design'
import { MemoryLevel, memoryLevelLabel } from '@inkmark/shared'
import { useId } from 'react'
import type { LearningOverview } from '@inkmark/shared'

/** The order the memory levels are listed in: strongest first, discarded last. */
const LEVEL_ORDER = Object.values(MemoryLevel)

/** Today's progress bar: learned today out of the daily target. */
export function DailyProgress({ overview }: { overview: LearningOverview }) {
  const labelId = useId()
  const learned = Math.min(overview.learnedToday, overview.dailyTarget)
  return (
    <div className="learning-progress">
      <p id={labelId}>
        Learned today: <strong>{overview.learnedToday}</strong> of {overview.dailyTarget}
      </p>
      <div
        className="learning-progress__bar"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={overview.dailyTarget}
        aria-valuenow={learned}
      >
        <span
          className="learning-progress__fill"
          style={{ width: `${(100 * learned) / overview.dailyTarget}%` }}
        />
      </div>
    </div>
  )
}

/** The headline figures: due today, the current streak and all the cards. */
export function LearningStats({ overview }: { overview: LearningOverview }) {
  return (
    <dl className="learning-stats">
      <div>
        <dt>Due today</dt>
        <dd>{countLabel(overview.dueCount, 'card')}</dd>
      </div>
      <div>
        <dt>Current streak</dt>
        <dd>{countLabel(overview.currentStreak, 'day')}</dd>
      </div>
      <div>
        <dt>All cards</dt>
        <dd>{countLabel(overview.totalCards, 'card')}</dd>
      </div>
    </dl>
  )
}

/** The memory levels with their labels and how many cards each holds. */
export function MemoryLevels({
  overview,
  headingLevel = 2,
}: {
  overview: LearningOverview
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = useId()
  return (
    <section className="learning-levels" aria-labelledby={headingId}>
      <Heading id={headingId}>Memory levels</Heading>
      <ul>
        {LEVEL_ORDER.map((level) => (
          <li key={level} data-level={level}>
            <span className="learning-levels__label">{memoryLevelLabel(level)}</span>
            <span className="learning-levels__count">
              {countLabel(overview.levels[level], 'card')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
