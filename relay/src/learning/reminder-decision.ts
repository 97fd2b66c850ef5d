// Whether a user gets today's learning reminder, as a pure function of what the relay knows: their
// email settings, the last report of their device (PUT /learning-info) and the last local day a
// reminder was claimed for them (docs/adr/043-learning-reminder-emails.md). The scheduler asks it
// for every candidate on each run; tests ask it directly, with time zones and DST.
import type { StoredEmailSettings, StoredLearningInfo } from '../storage/relay-storage'
import { localTime } from './local-time'

/** The reminder goes out from this local hour on ... */
export const REMINDER_HOUR = 18
/** ... until the end of this local hour (a relay down at 18:00 still sends in the evening). */
export const REMINDER_LAST_HOUR = 22
/** A device that has not reported for this long is taken to be given up: no more reminders. */
export const REPORT_STALE_AFTER_MS = 14 * 24 * 60 * 60 * 1000

export type ReminderDecision =
  | {
      send: true
      /** The user's local day the reminder is for (the claim's key). */
      localDay: string
      /** Cards due now (a lower bound when `atLeast`). */
      dueCount: number
      atLeast: boolean
      learnedToday: number
      dailyTarget: number
    }
  | {
      send: false
      reason:
        | 'emails-off'
        | 'reminder-off'
        | 'not-evening'
        | 'sent-today'
        | 'report-stale'
        | 'nothing-due'
        | 'target-reached'
    }

export interface ReminderFacts {
  settings: StoredEmailSettings
  info: StoredLearningInfo
  lastReminderDay: string | null
  now: number
}

/**
 * The decision. A report from an earlier local day says nothing about today's learning: learned
 * today counts from 0 again, and the cards due then are still due (nothing was reviewed, or a new
 * report would have come), plus at least one more if the next due time has passed since.
 */
export function decideReminder({
  settings,
  info,
  lastReminderDay,
  now,
}: ReminderFacts): ReminderDecision {
  if (settings.emailSettings !== 'ALL') {
    return { send: false, reason: 'emails-off' }
  }
  if (!settings.isLearningReminderEmailEnabled) {
    return { send: false, reason: 'reminder-off' }
  }
  const local = localTime(now, info.timeZone)
  if (local.hour < REMINDER_HOUR || local.hour > REMINDER_LAST_HOUR) {
    return { send: false, reason: 'not-evening' }
  }
  if (lastReminderDay === local.day) {
    return { send: false, reason: 'sent-today' }
  }
  if (now - info.reportedAt > REPORT_STALE_AFTER_MS) {
    return { send: false, reason: 'report-stale' }
  }
  const reportedToday = localTime(info.reportedAt, info.timeZone).day === local.day
  const learnedToday = reportedToday ? info.learnedToday : 0
  const newlyDue = info.nextDueAt !== null && info.nextDueAt <= now
  const dueCount = info.dueCount + (newlyDue ? 1 : 0)
  if (dueCount === 0) {
    return { send: false, reason: 'nothing-due' }
  }
  if (learnedToday >= info.dailyTarget) {
    return { send: false, reason: 'target-reached' }
  }
  return {
    send: true,
    localDay: local.day,
    dueCount,
    atLeast: newlyDue,
    learnedToday,
    dailyTarget: info.dailyTarget,
  }
}
