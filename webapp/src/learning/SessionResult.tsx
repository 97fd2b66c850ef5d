// The end of a session: what was learned (each card with its answer and when it comes back), the
// counts per answer, the next reviews by day, and the streak with today's progress.
import { countLabel } from '@inkmark/design'
import { isImageMark, type Mark } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { recordProductEvent } from '../settings/usage-counts'
import { DailyProgress } from './LearningFigures'
import { ANSWERS, answerCounts, type SessionState } from './learning-session-model'
import { nextReviewGroups } from './learning-result'
import { reviewWhenLabel } from './learning-words'
import { useLearningOverview } from './use-learning'

const ANSWER_LABELS = Object.fromEntries(ANSWERS.map((answer) => [answer.key, answer.label]))

/** The session result view. */
export function SessionResult({
  session,
  marks,
}: {
  session: SessionState
  marks: ReadonlyMap<string, Mark>
}) {
  const overview = useLearningOverview()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  useEffect(() => recordProductEvent('review_session_completed'), [])
  const counts = answerCounts(session)
  const learned = session.answers.flatMap(({ markId, answer }) => {
    const mark = marks.get(markId)
    return mark === undefined ? [] : [{ mark, answer }]
  })
  const groups = nextReviewGroups(
    learned.map(({ mark }) => mark),
    overview.now,
    overview.tz,
  )
  return (
    <div className="learning-result">
      <h2 ref={headingRef} tabIndex={-1}>
        Session complete
      </h2>
      <p className="learning-result__summary">
        You learned {countLabel(session.answers.length, 'card')}
        {session.discarded.length > 0 &&
          ` and discarded ${countLabel(session.discarded.length, 'card')}`}
        .
      </p>
      <dl className="learning-stats">
        {ANSWERS.map((answer) => (
          <div key={answer.key}>
            <dt>{answer.label}</dt>
            <dd>{countLabel(counts[answer.key], 'card')}</dd>
          </div>
        ))}
        <div>
          <dt>Current streak</dt>
          <dd>{countLabel(overview.currentStreak, 'day')}</dd>
        </div>
      </dl>
      <DailyProgress overview={overview} />
      {groups.length > 0 && (
        <section aria-labelledby="learning-next-heading">
          <h3 id="learning-next-heading">Next reviews</h3>
          <ul className="learning-next">
            {groups.map((group) => (
              <li key={group.date}>
                {reviewWhenLabel(group.date, overview.now, overview.tz)}:{' '}
                {countLabel(group.count, 'card')}
              </li>
            ))}
          </ul>
        </section>
      )}
      {learned.length > 0 && (
        <section aria-labelledby="learning-learned-heading">
          <h3 id="learning-learned-heading">What you learned</h3>
          <ol className="learning-learned">
            {learned.map(({ mark, answer }) => (
              <li key={mark._id}>
                <span className="learning-learned__text">
                  {isImageMark(mark) ? (mark.imageAlt ?? 'An image highlight') : mark.text}
                </span>
                <span className="learning-learned__answer">{ANSWER_LABELS[answer]}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="learning-result__actions">
        <Link to="/learning" className="ink-button ink-button--primary ink-button--md">
          Back to the learning dashboard
        </Link>
        <Link
          to="/learning"
          search={{ view: 'streak' }}
          className="ink-button ink-button--secondary ink-button--md"
        >
          See your streak
        </Link>
      </div>
    </div>
  )
}
