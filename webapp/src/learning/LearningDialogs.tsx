// The spec's two learning dialogs, opened from anywhere by the `dialog` URL parameter:
// learning-dashboard ('Learning progress': today's figures and the memory levels) and
// learning-reminder (the cards waiting today, with the call to start and the teaser's switch, and
// "Remind me later", which picks the moment in the datetimepicker dialog).
import { Button, Switch, countLabel } from '@inkmark/design'
import { useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { useDialog } from '../shell/use-dialog'
import { DailyProgress, LearningStats, MemoryLevels } from './LearningFigures'
import { isDoneForToday } from './learning-state'
import { useLearningOverview } from './use-learning'
import './learning.css'

/** The learning-dashboard dialog, headed 'Learning progress'. */
export function LearningProgressDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  const overview = useLearningOverview()
  const navigate = useNavigate()
  return (
    <ModalDialog labelledBy={titleId} className="learning-dialog" onClose={onClose}>
      <h2 id={titleId}>Learning progress</h2>
      <DailyProgress overview={overview} />
      <LearningStats overview={overview} />
      <MemoryLevels overview={overview} headingLevel={3} />
      <div className="dialog-actions">
        <Button onPress={onClose}>Close</Button>
        <Button variant="primary" onPress={() => void navigate({ to: '/learning' })}>
          Open learning
        </Button>
      </div>
    </ModalDialog>
  )
}

/** The learning-reminder dialog. */
export function LearningReminderDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  const overview = useLearningOverview()
  const navigate = useNavigate()
  const store = useLocalStore()
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])
  const { openDialog } = useDialog()
  const done = isDoneForToday(overview)
  const left = Math.max(0, overview.dailyTarget - overview.learnedToday)
  return (
    <ModalDialog labelledBy={titleId} className="learning-dialog" onClose={onClose}>
      <h2 id={titleId}>Time to learn</h2>
      {overview.highlightCount === 0 ? (
        <p>
          You have no highlights to learn yet. Every highlight you make becomes a learning card.
        </p>
      ) : done ? (
        <p>You are done for today. Come back tomorrow to keep your streak going.</p>
      ) : (
        <p>
          {countLabel(overview.dueCount, 'card')} waiting for you today. Learn{' '}
          {countLabel(left, 'more card')} to reach today&apos;s target of {overview.dailyTarget}
          {overview.currentStreak > 0 &&
            ` and keep your ${countLabel(overview.currentStreak, 'day')} streak`}
          .
        </p>
      )}
      <DailyProgress overview={overview} />
      <Switch
        isSelected={settings.showLearningTeaser}
        onChange={(showLearningTeaser) => void store.updateChromeSettings({ showLearningTeaser })}
      >
        Remind me on the dashboard
      </Switch>
      <div className="dialog-actions">
        <Button onPress={onClose}>Not now</Button>
        {overview.highlightCount > 0 && (
          // The datetimepicker keeps the moment; the reminder opens again then.
          <Button onPress={() => openDialog('datetimepicker', {}, { replace: true })}>
            Remind me later
          </Button>
        )}
        {!done && overview.highlightCount > 0 && (
          <Button
            variant="primary"
            onPress={() => void navigate({ to: '/learning', search: { view: 'session' } })}
          >
            Start learning
          </Button>
        )}
      </div>
    </ModalDialog>
  )
}
