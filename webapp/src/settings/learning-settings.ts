// The retention choices the Settings view offers FSRS (0.70-0.97 in the steps a person can tell
// apart) and their labels; the stored values are read with the shared learningSchedulerSettings.
import { DEFAULT_DESIRED_RETENTION } from '@inkmark/shared'

/** The retentions offered, lowest first. */
export const DESIRED_RETENTION_CHOICES = [0.7, 0.75, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97] as const

/** '90% (default)', '95%'. */
export function retentionLabel(value: number): string {
  const percent = `${Math.round(value * 100)}%`
  return value === DEFAULT_DESIRED_RETENTION ? `${percent} (default)` : percent
}

/** The offered choice nearest a stored retention (another device may store any value in range). */
export function nearestRetentionChoice(value: number): number {
  return DESIRED_RETENTION_CHOICES.reduce<number>(
    (best, choice) => (Math.abs(choice - value) < Math.abs(best - value) ? choice : best),
    DEFAULT_DESIRED_RETENTION,
  )
}
