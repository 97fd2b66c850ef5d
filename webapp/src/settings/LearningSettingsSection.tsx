// The Settings view's learning section: the reminder teaser's switch, and the advanced scheduler
// (FSRS) with its desired retention, saved at once in the synced settings. Switching the scheduler
// keeps every card's history (each review is logged with its scheduler).
import { Select, Switch } from '@inkmark/design'
import type { ChromeSettings } from '@inkmark/shared'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import {
  DESIRED_RETENTION_CHOICES,
  retentionLabel,
  schedulerSettingsOf,
  type SchedulerChanges,
} from './learning-settings'

/** The learning section of the Settings view. */
export function LearningSettingsSection() {
  const store = useLocalStore()
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])
  const scheduler = schedulerSettingsOf(settings)

  function save(changes: Partial<ChromeSettings> | SchedulerChanges) {
    // The scheduler's fields are synced settings fields of their own (learningScheduler,
    // desiredRetention); the stored record accepts them beside the spec's.
    void store.updateChromeSettings(changes as Partial<ChromeSettings>)
  }

  return (
    <fieldset className="learning-settings">
      <legend>Learning</legend>
      <Switch
        isSelected={settings.showLearningTeaser}
        onChange={(showLearningTeaser) => save({ showLearningTeaser })}
      >
        Remind me to learn on the dashboard
      </Switch>
      <Switch
        isSelected={scheduler.scheduler === 'FSRS'}
        onChange={(on) => save({ learningScheduler: on ? 'FSRS' : 'SPEC' })}
      >
        Advanced scheduler (FSRS)
      </Switch>
      <p className="settings-hint">
        FSRS predicts when you are about to forget each highlight from your own answers and
        schedules its review just before, so you review less for the same recall. Off, Inkmark uses
        its classic spaced-repetition rules. Switching keeps every card&apos;s history.
      </p>
      {scheduler.scheduler === 'FSRS' && (
        <Select
          label="Desired retention"
          options={DESIRED_RETENTION_CHOICES.map((value) => ({
            id: String(value),
            label: retentionLabel(value),
          }))}
          selectedKey={String(scheduler.desiredRetention)}
          onSelectionChange={(id) => save({ desiredRetention: Number(id) })}
        />
      )}
    </fieldset>
  )
}
