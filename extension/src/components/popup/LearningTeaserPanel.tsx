// The popup's learning reminder (issue 14): "5 cards to learn today", Learn now (the web app's
// /learning) and a close button that hides it until tomorrow. Nothing shows when the spec's
// teaser rule says no (learning-teaser.ts), so the popup stays as it was for everyone else.
import { countLabel } from '@inkmark/shared'
import { useState } from 'react'
import { useLibraryQuery, type QueryState } from '../../pages/use-library'
import {
  closeLearningTeaser,
  LEARNING_APP_URL,
  loadLearningTeaser,
  type LearningTeaser,
} from './learning-teaser'

function openLearning(): void {
  void chrome.tabs.create({ url: LEARNING_APP_URL })
  window.close()
}

/** The teaser's state, read again after a close and whenever the library changes. */
export function useLearningTeaser(): {
  state: QueryState<LearningTeaser | undefined>
  closed: () => void
} {
  const [closes, setCloses] = useState(0)
  const state = useLibraryQuery(loadLearningTeaser, `learning-teaser:${closes}`)
  return { state, closed: () => setCloses((count) => count + 1) }
}

/** Whether the teaser is still loading, shown or hidden (the popup's data-learning-teaser). */
export function teaserVisibility(state: QueryState<LearningTeaser | undefined>): string {
  if (state.status === 'loading') {
    return 'loading'
  }
  return state.status === 'ready' && state.value ? 'shown' : 'hidden'
}

/** The teaser, or nothing when it should not show. */
export function LearningTeaserPanel({
  state,
  onClosed,
}: {
  state: QueryState<LearningTeaser | undefined>
  onClosed: () => void
}) {
  const [error, setError] = useState('')
  if (state.status !== 'ready' || state.value === undefined) {
    return null
  }
  const close = () => {
    closeLearningTeaser().then(onClosed, (caught: unknown) =>
      setError(caught instanceof Error ? caught.message : 'Something went wrong. Try again later.'),
    )
  }
  return (
    <section
      className="ink-popup-section ink-popup-teaser"
      aria-labelledby="learning-heading"
      data-testid="learning-teaser"
    >
      <div className="ink-popup-teaser-head">
        <h2 id="learning-heading">Learning</h2>
        <button
          type="button"
          className="ink-popup-close"
          aria-label="Close the learning reminder for today"
          onClick={close}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" />
          </svg>
        </button>
      </div>
      <p className="ink-popup-teaser-text">
        {countLabel(state.value.cardsToday, 'card')} to learn today
      </p>
      <div className="ink-popup-row">
        <button
          type="button"
          className="ink-popup-button"
          data-variant="primary"
          data-grow=""
          onClick={openLearning}
        >
          Learn now
        </button>
      </div>
      {error ? (
        <p className="ink-popup-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}
