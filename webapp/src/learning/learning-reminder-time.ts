// The moment this device reminds the person to learn, chosen in the datetimepicker from the
// learning-reminder dialog's "Remind me later". A device value (a reminder belongs to the screen
// it was set on, like the last prompt time), with listeners so the scheduler hears a change at once.
import type { LocalStore } from '@inkmark/shared'
import { useEffect, useState } from 'react'

/** The device value holding the reminder's moment (epoch millis). */
export const LEARNING_REMINDER_AT_KEY = 'learningReminderAtInMillis'

const listeners = new Set<() => void>()

/** The reminder's moment, or undefined when none is set. */
export function learningReminderAt(store: LocalStore): number | undefined {
  const value = store.device.getValue<unknown>(LEARNING_REMINDER_AT_KEY)
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** Sets (a moment) or removes (undefined) the reminder. */
export function setLearningReminderAt(store: LocalStore, millis: number | undefined): void {
  store.device.setValue(LEARNING_REMINDER_AT_KEY, millis ?? null)
  for (const listener of listeners) {
    listener()
  }
}

/** The reminder's moment, followed as it changes. */
export function useLearningReminderAt(store: LocalStore): number | undefined {
  const [at, setAt] = useState(() => learningReminderAt(store))
  useEffect(() => {
    const listener = () => setAt(learningReminderAt(store))
    listeners.add(listener)
    listener()
    return () => {
      listeners.delete(listener)
    }
  }, [store])
  return at
}
