// The learning scheduler's settings as the Settings view reads them: the scheduler (the spec's
// rules, or FSRS) and FSRS's desired retention, with their defaults when a library has none yet,
// and the retention choices offered (0.70-0.97).
import type { ChromeSettings } from '@inkmark/shared'

/** The scheduler that places the next review. */
export type SchedulerName = 'SPEC' | 'FSRS'

/** The settings' scheduler fields. */
export interface SchedulerChanges {
  learningScheduler?: SchedulerName
  desiredRetention?: number
}

/** FSRS's default desired retention: 90% of reviews recalled. */
export const DEFAULT_DESIRED_RETENTION = 0.9
/** Lowest and highest desired retention offered. */
export const MIN_DESIRED_RETENTION = 0.7
export const MAX_DESIRED_RETENTION = 0.97

/** The retentions offered, lowest first. */
export const DESIRED_RETENTION_CHOICES = [0.7, 0.75, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97] as const

/** '90% (default)', '95%'. */
export function retentionLabel(value: number): string {
  const percent = `${Math.round(value * 100)}%`
  return value === DEFAULT_DESIRED_RETENTION ? `${percent} (default)` : percent
}

/** The scheduler and retention of the settings, defaults for missing or out-of-range values. */
export function schedulerSettingsOf(settings: ChromeSettings): {
  scheduler: SchedulerName
  desiredRetention: number
} {
  const stored = settings as Record<string, unknown>
  const retention = stored.desiredRetention
  return {
    scheduler: stored.learningScheduler === 'FSRS' ? 'FSRS' : 'SPEC',
    desiredRetention:
      typeof retention === 'number' &&
      retention >= MIN_DESIRED_RETENTION &&
      retention <= MAX_DESIRED_RETENTION
        ? nearestChoice(retention)
        : DEFAULT_DESIRED_RETENTION,
  }
}

function nearestChoice(value: number): number {
  return DESIRED_RETENTION_CHOICES.reduce((best, choice) =>
    Math.abs(choice - value) < Math.abs(best - value) ? choice : best,
  )
}
