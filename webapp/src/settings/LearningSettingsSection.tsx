// The Settings view's learning section: the advanced scheduler
// (FSRS) with its desired retention (the reminder
// teaser's switch is in the shared settings form), saved at once in the synced settings. Switching the scheduler
// keeps every card's history (each review is logged with its scheduler; ADR 041).
import { Select, Switch } from '@inkmark/design'
import { LearningSchedulerName, learningSchedulerSettings } from '@inkmark/shared'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import {
  DESIRED_RETENTION_CHOICES,
  nearestRetentionChoice,
  retentionLabel,
} from './learning-settings'

/** The learning section of the Settings view. */
export function LearningSettingsSection() {
  const store = useLocalStore()
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])
  const scheduler = learningSchedulerSettings(settings)
  const fsrs = scheduler.scheduler === LearningSchedulerName.FSRS
  return (
    <fieldset className="learning-settings">
      <legend>Learning</legend>
      <Switch
        isSelected={fsrs}
        onChange={(on) =>
          void store.updateChromeSettings({
            learningScheduler: on ? LearningSchedulerName.FSRS : LearningSchedulerName.SPEC,
          })
        }
      >
        Advanced scheduler (FSRS)
      </Switch>
      <p className="settings-hint">
        FSRS predicts when you are about to forget each highlight from your own answers and
        schedules its review just before, so you review less for the same recall. Off, Inkmark uses
        its classic spaced-repetition rules. Switching keeps every card&apos;s history.
      </p>
      {fsrs && (
        <Select
          label="Desired retention"
          options={DESIRED_RETENTION_CHOICES.map((value) => ({
            id: String(value),
            label: retentionLabel(value),
          }))}
          selectedKey={String(nearestRetentionChoice(scheduler.desiredRetention))}
          onSelectionChange={(id) =>
            void store.updateChromeSettings({ desiredRetention: Number(id) })
          }
        />
      )}
    </fieldset>
  )
}
