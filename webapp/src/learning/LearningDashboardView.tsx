// The learning dashboard: today's figures, the memory levels and the call to start; an empty
// state saying how cards come about when there are none, and a 'done for today' state once the
// target is reached or nothing is due.
import { EmptyState } from '@inkmark/design'
import { Link } from '@tanstack/react-router'
import { DailyProgress, LearningStats, MemoryLevels } from './LearningFigures'
import { isDoneForToday } from './learning-state'
import { useLearningOverview } from './use-learning'

/** The dashboard view of /learning. */
export function LearningDashboardView() {
  const overview = useLearningOverview()
  if (overview.highlightCount === 0) {
    return (
      <EmptyState
        title="No cards to learn yet"
        icon="🎓"
        action={
          <Link to="/" className="ink-button ink-button--primary ink-button--md">
            Go to your library
          </Link>
        }
      >
        <p>
          Every highlight is a learning card. Highlight passages on the pages you read with the
          Inkmark extension, or add a text in the web app and highlight it; your highlights then
          come back here, a few each day, until you know them.
        </p>
      </EmptyState>
    )
  }
  const done = isDoneForToday(overview)
  return (
    <div className="learning-dashboard">
      <section className="learning-today" aria-labelledby="learning-today-heading">
        <h2 id="learning-today-heading">Today</h2>
        <DailyProgress overview={overview} />
        <LearningStats overview={overview} />
        {done ? (
          <div className="learning-done" role="status">
            <p className="learning-done__title">Done for today</p>
            <p>
              {overview.learnedToday >= overview.dailyTarget
                ? `You reached today's target of ${overview.dailyTarget} cards. Come back tomorrow to keep your streak.`
                : 'No cards are due right now. New highlights and the next reviews will be here tomorrow.'}
            </p>
          </div>
        ) : (
          <Link
            to="/learning"
            search={{ view: 'session' }}
            className="ink-button ink-button--primary ink-button--lg learning-start"
          >
            Start learning
          </Link>
        )}
      </section>
      <MemoryLevels overview={overview} />
    </div>
  )
}
