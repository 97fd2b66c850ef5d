// The daily export limits of the integrations (spec section 6: Free, shown Basic, has limited daily
// Notion and Capacities exports, 1 a day where the values are shown; section 9 names them as
// constants). Only Free is limited: section 6 lists these limits under Free alone, and its
// "unlimited features" of the trial and Ultimate name AI and YouTube, not exports, so Premium,
// Ultimate and the trial export without a daily limit. Unlike the AI
// limits, the count is kept by the misc server per account, service and UTC day, because the export
// itself happens there (docs/adr/066-notion-and-capacities.md). Updating an earlier export counts.
import { Plan } from '../domain/plan'

/** The services an export goes to. */
export const IntegrationService = { NOTION: 'notion', CAPACITIES: 'capacities' } as const
export type IntegrationService = (typeof IntegrationService)[keyof typeof IntegrationService]

/** Notion exports a limited plan may make per UTC day (the spec's one shown value is 1). */
export const NOTION_EXPORT_DAILY_LIMIT = 1
/** Capacities exports a limited plan may make per UTC day (the spec's one shown value is 1). */
export const CAPACITIES_EXPORT_DAILY_LIMIT = 1

/** The popup (and the misc server's 402 message) when the day's Notion exports are used. */
export const NOTION_DAILY_LIMIT_MESSAGE =
  "You've Hit Your Daily Limit. Upgrade to export to Notion unlimited 🚀"
/** The popup (and the misc server's 402 message) when the day's Capacities exports are used. */
export const CAPACITIES_DAILY_LIMIT_MESSAGE =
  "You've Hit Your Daily Limit. Upgrade to export to Capacities unlimited 🚀"

const LIMITS: Readonly<Record<IntegrationService, number>> = {
  notion: NOTION_EXPORT_DAILY_LIMIT,
  capacities: CAPACITIES_EXPORT_DAILY_LIMIT,
}

const MESSAGES: Readonly<Record<IntegrationService, string>> = {
  notion: NOTION_DAILY_LIMIT_MESSAGE,
  capacities: CAPACITIES_DAILY_LIMIT_MESSAGE,
}

/** Whether the plan's exports have a daily limit: Free (Basic) and Offline only. */
export function hasLimitedExports(plan: Plan): boolean {
  return plan === Plan.FREE || plan === Plan.OFFLINE
}

/** Exports the plan may make per UTC day to `service`: Infinity on Premium, Ultimate and the trial. */
export function integrationExportLimitOf(plan: Plan, service: IntegrationService): number {
  return hasLimitedExports(plan) ? LIMITS[service] : Infinity
}

/** The upgrade message of `service`'s daily limit. */
export function integrationDailyLimitMessage(service: IntegrationService): string {
  return MESSAGES[service]
}

/** The UTC day of `now` as 'YYYY-MM-DD' (the key the misc server counts under). */
export function utcDayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10)
}
