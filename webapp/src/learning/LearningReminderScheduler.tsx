// Opens the learning-reminder dialog when the moment chosen in the datetimepicker comes (on any
// screen, once no other dialog is open), then forgets the moment. A moment that passed while the
// app was closed reminds on the next visit.
import { useEffect, useState } from 'react'
import { useLocalStore } from '../library/LibraryProvider'
import { useDialog } from '../shell/use-dialog'
import { setLearningReminderAt, useLearningReminderAt } from './learning-reminder-time'

/** setTimeout's longest wait; a later moment is waited for in steps. */
const MAX_TIMER_MILLIS = 2 ** 31 - 1

/** Watches the learning reminder's moment. */
export function LearningReminderScheduler() {
  const store = useLocalStore()
  const { dialog, openDialog } = useDialog()
  const at = useLearningReminderAt(store)
  const [checks, setChecks] = useState(0)
  const due = at !== undefined && Date.now() >= at

  useEffect(() => {
    if (at === undefined || due) {
      return
    }
    const timer = window.setTimeout(
      () => setChecks((count) => count + 1),
      Math.min(at - Date.now(), MAX_TIMER_MILLIS),
    )
    return () => window.clearTimeout(timer)
  }, [at, due, checks])

  useEffect(() => {
    if (due && dialog === undefined) {
      setLearningReminderAt(store, undefined)
      openDialog('learning-reminder')
    }
  }, [due, dialog, store, openDialog])
  return null
}
