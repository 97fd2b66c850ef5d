// The learning reminder teaser: a quiet line at the top of the dashboard (never a dialog, so it
// cannot open over one) shown by the shared rule shouldShowLearningTeaser: the teaser is on, fewer
// than 10 cards learned today, cards remain, and it was not closed today. Closing it stores the
// time in the synced settings (lastTeaserClosedDateInMillis), so it stays away for the day.
import { Button, IconButton, countLabel } from '@inkmark/design'
import { shouldShowLearningTeaser } from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { useDialog } from '../shell/use-dialog'
import { useLearningOverview } from './use-learning'
import './learning.css'

/** The teaser, when it is due. */
export function LearningTeaser() {
  const overview = useLearningOverview()
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])
  const store = useLocalStore()
  const navigate = useNavigate()
  const { openDialog } = useDialog()
  const show = shouldShowLearningTeaser(
    {
      showLearningTeaser: settings.showLearningTeaser,
      lastTeaserClosedDateInMillis: settings.lastTeaserClosedDateInMillis,
      learnedToday: overview.learnedToday,
      dueCount: overview.dueCount,
      timeZoneOffsetMinutes: overview.tz,
    },
    overview.now,
  )
  if (!show) {
    return null
  }
  return (
    <aside className="learning-teaser" aria-label="Learning reminder">
      <p>
        {countLabel(overview.dueCount, 'card')} to learn today ({overview.learnedToday} of{' '}
        {overview.dailyTarget} done).
      </p>
      <Button
        variant="primary"
        size="sm"
        onPress={() => void navigate({ to: '/learning', search: { view: 'session' } })}
      >
        Start learning
      </Button>
      <Button variant="ghost" size="sm" onPress={() => openDialog('learning-dashboard')}>
        Progress
      </Button>
      <IconButton
        aria-label="Close the learning reminder for today"
        size="sm"
        onPress={() => {
          void store.updateChromeSettings({ lastTeaserClosedDateInMillis: Date.now() })
          // The button goes with the teaser: the keyboard stays in the page's main area.
          document.getElementById('main')?.focus()
        }}
      >
        ×
      </IconButton>
    </aside>
  )
}
