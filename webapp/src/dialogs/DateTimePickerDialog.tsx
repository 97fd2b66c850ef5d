// The spec's datetimepicker dialog: choose a date and a time. The web app needs one for the
// learning reminder ("Remind me later" in the learning-reminder dialog): the moment is kept on
// this device and the reminder opens then (LearningReminderScheduler). The field is the browser's
// own date-and-time input (typed segment by segment, arrows change a segment), with quick choices
// as buttons; the choice is checked (dateTimeProblem) before it is kept.
import { Button, TextField } from '@inkmark/design'
import { useId, useState, type FormEvent } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { useLocalStore } from '../library/LibraryProvider'
import { setLearningReminderAt, useLearningReminderAt } from '../learning/learning-reminder-time'
import {
  dateTimeProblem,
  parseDateTimeLocal,
  quickChoices,
  toDateTimeLocalValue,
} from './date-time'
import './dialogs.css'

const MOMENT_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' })

/** The datetimepicker dialog, choosing when to be reminded to learn. */
export function DateTimePickerDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  const store = useLocalStore()
  const reminderAt = useLearningReminderAt(store)
  const [value, setValue] = useState(() =>
    toDateTimeLocalValue(reminderAt ?? quickChoices(Date.now())[1]!.millis),
  )
  const [problem, setProblem] = useState<string | undefined>()

  function save(event: FormEvent) {
    event.preventDefault()
    const found = dateTimeProblem(value, Date.now())
    setProblem(found)
    if (found !== undefined) {
      return
    }
    setLearningReminderAt(store, parseDateTimeLocal(value))
    onClose()
  }

  return (
    <ModalDialog labelledBy={titleId} className="datetime-dialog" onClose={onClose}>
      <h2 id={titleId}>Remind me to learn</h2>
      <p>
        {reminderAt === undefined
          ? 'Choose when Inkmark reminds you to learn your highlights.'
          : `You will be reminded on ${MOMENT_FORMAT.format(reminderAt)}.`}
      </p>
      <form className="dialog-form" onSubmit={save} noValidate>
        <TextField
          label="Date and time"
          type="datetime-local"
          autoFocus
          value={value}
          onChange={(next) => {
            setValue(next)
            setProblem(undefined)
          }}
          errorMessage={problem}
        />
        <div className="quick-choices" role="group" aria-label="Quick choices">
          {quickChoices(Date.now()).map((choice) => (
            <Button
              key={choice.label}
              size="sm"
              onPress={() => {
                setValue(toDateTimeLocalValue(choice.millis))
                setProblem(undefined)
              }}
            >
              {choice.label}
            </Button>
          ))}
        </div>
        <div className="dialog-actions">
          {reminderAt !== undefined && (
            <Button
              onPress={() => {
                setLearningReminderAt(store, undefined)
                onClose()
              }}
            >
              Remove the reminder
            </Button>
          )}
          <Button onPress={onClose}>Cancel</Button>
          <Button type="submit" variant="primary">
            Set reminder
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
