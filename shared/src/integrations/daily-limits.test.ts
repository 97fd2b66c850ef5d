import { describe, expect, it } from 'vitest'
import { Plan } from '../domain/plan'
import {
  CAPACITIES_DAILY_LIMIT_MESSAGE,
  NOTION_DAILY_LIMIT_MESSAGE,
  integrationDailyLimitMessage,
  integrationExportLimitOf,
  utcDayOf,
} from './daily-limits'

describe('integrationExportLimitOf', () => {
  it('limits Free (and Offline) to 1 export a day per service, and no other plan', () => {
    for (const service of ['notion', 'capacities'] as const) {
      expect(integrationExportLimitOf(Plan.FREE, service)).toBe(1)
      expect(integrationExportLimitOf(Plan.OFFLINE, service)).toBe(1)
      expect(integrationExportLimitOf(Plan.PREMIUM, service)).toBe(Infinity)
      expect(integrationExportLimitOf(Plan.ULTIMATE, service)).toBe(Infinity)
      expect(integrationExportLimitOf(Plan.FREE_TRIAL, service)).toBe(Infinity)
    }
  })
})

describe('integrationDailyLimitMessage', () => {
  it("says the spec's upgrade words for each service", () => {
    expect(integrationDailyLimitMessage('notion')).toBe(
      "You've Hit Your Daily Limit. Upgrade to export to Notion unlimited 🚀",
    )
    expect(NOTION_DAILY_LIMIT_MESSAGE).toBe(integrationDailyLimitMessage('notion'))
    expect(integrationDailyLimitMessage('capacities')).toBe(CAPACITIES_DAILY_LIMIT_MESSAGE)
  })
})

describe('utcDayOf', () => {
  it('names the UTC day, whatever the local time zone', () => {
    expect(utcDayOf(Date.UTC(2026, 10, 26, 23, 59, 59, 999))).toBe('2026-11-26')
    expect(utcDayOf(Date.UTC(2026, 10, 27))).toBe('2026-11-27')
  })
})
