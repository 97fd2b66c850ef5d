import { describe, expect, it } from 'vitest'
import {
  BYTE_UNITS,
  BYTES_BASE,
  DATE_GROUP,
  LONG_TOAST_DURATION_MS,
  MONTH_NAMES,
  TOAST_DURATION_MS,
  dateGroupLabel,
  formatBytes,
} from './format'

describe('toast durations', () => {
  it('uses the spec values', () => {
    expect(TOAST_DURATION_MS).toBe(5000)
    expect(LONG_TOAST_DURATION_MS).toBe(10000)
  })
})

describe('formatBytes', () => {
  it('uses base 1000 and units B to TB', () => {
    expect(BYTES_BASE).toBe(1000)
    expect(BYTE_UNITS).toEqual(['B', 'KB', 'MB', 'GB', 'TB'])
  })

  it('formats each unit', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1)).toBe('1 B')
    expect(formatBytes(999)).toBe('999 B')
    expect(formatBytes(1000)).toBe('1 KB')
    expect(formatBytes(1500)).toBe('1.5 KB')
    expect(formatBytes(1_500_000)).toBe('1.5 MB')
    expect(formatBytes(10_000_000)).toBe('10 MB')
    expect(formatBytes(1_000_000_000)).toBe('1 GB')
    expect(formatBytes(1_000_000_000_000)).toBe('1 TB')
  })

  it('keeps values beyond TB in TB', () => {
    expect(formatBytes(1_500_000_000_000_000)).toBe('1500 TB')
  })

  it('rounds to the given decimals and drops trailing zeros', () => {
    expect(formatBytes(1234)).toBe('1.23 KB')
    expect(formatBytes(1234, 1)).toBe('1.2 KB')
    expect(formatBytes(1234, 0)).toBe('1 KB')
    expect(formatBytes(1234, 3)).toBe('1.234 KB')
    expect(formatBytes(1200, 3)).toBe('1.2 KB')
  })

  it('sanitises the decimals argument', () => {
    expect(formatBytes(1234, -2)).toBe('1 KB')
    expect(formatBytes(1234, 1.9)).toBe('1.2 KB')
    expect(formatBytes(1234, Number.NaN)).toBe('1.23 KB')
    expect(formatBytes(1234, 50)).toBe('1.234 KB')
  })

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatBytes(999_999)).toBe('1 MB')
    expect(formatBytes(999_999_999_999_999)).toBe('1000 TB')
    expect(formatBytes(999.999)).toBe('1 KB')
  })

  it('keeps the sign of negative sizes', () => {
    expect(formatBytes(-1500)).toBe('-1.5 KB')
    expect(formatBytes(-999)).toBe('-999 B')
    expect(formatBytes(-0.001)).toBe('0 B')
  })

  it('shows NaN as 0 B and infinities as ∞', () => {
    expect(formatBytes(Number.NaN)).toBe('0 B')
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('∞')
    expect(formatBytes(Number.NEGATIVE_INFINITY)).toBe('-∞')
  })
})

describe('dateGroupLabel', () => {
  const now = Date.UTC(2026, 9, 15, 12, 0) // Thursday 15 October 2026, 12:00 UTC
  const at = (month: number, day: number, hour = 12, year = 2026): number =>
    Date.UTC(year, month, day, hour)

  it('has the spec labels', () => {
    expect(DATE_GROUP).toEqual({
      TODAY: 'Today',
      YESTERDAY: 'Yesterday',
      LAST_7_DAYS: 'Last 7 days',
      THIS_MONTH: 'This month',
    })
    expect(MONTH_NAMES).toHaveLength(12)
  })

  it('labels today, including the start of the day', () => {
    expect(dateGroupLabel(now, now)).toBe('Today')
    expect(dateGroupLabel(at(9, 15, 0), now)).toBe('Today')
  })

  it('counts future dates as today', () => {
    expect(dateGroupLabel(at(9, 20), now)).toBe('Today')
    expect(dateGroupLabel(at(0, 1, 0, 2030), now)).toBe('Today')
  })

  it('labels yesterday by calendar day, not by 24 hours', () => {
    expect(dateGroupLabel(Date.UTC(2026, 9, 14, 23, 59), now)).toBe('Yesterday')
    expect(dateGroupLabel(Date.UTC(2026, 9, 14, 0, 0), now)).toBe('Yesterday')
  })

  it('labels the last 7 calendar days including today', () => {
    expect(dateGroupLabel(at(9, 13), now)).toBe('Last 7 days')
    expect(dateGroupLabel(at(9, 9, 0), now)).toBe('Last 7 days') // 6 days ago
    expect(dateGroupLabel(Date.UTC(2026, 9, 8, 23, 59), now)).toBe('This month') // 7 days ago
  })

  it('labels the rest of the current month', () => {
    expect(dateGroupLabel(at(9, 1, 0), now)).toBe('This month')
  })

  it('labels older months of this year by name', () => {
    expect(dateGroupLabel(at(8, 30), now)).toBe('September')
    expect(dateGroupLabel(at(0, 1, 0), now)).toBe('January')
  })

  it('adds the year to months of other years', () => {
    expect(dateGroupLabel(at(9, 20, 12, 2025), now)).toBe('October 2025')
    expect(dateGroupLabel(at(11, 31, 23, 2025), now)).toBe('December 2025')
  })

  it('lets the last 7 days reach into the previous month and year', () => {
    const newYear = Date.UTC(2026, 0, 2, 9)
    expect(dateGroupLabel(Date.UTC(2025, 11, 27, 9), newYear)).toBe('Last 7 days')
    expect(dateGroupLabel(Date.UTC(2026, 0, 1, 9), newYear)).toBe('Yesterday')
    expect(dateGroupLabel(Date.UTC(2025, 11, 26, 9), newYear)).toBe('December 2025')
    expect(dateGroupLabel(Date.UTC(2025, 11, 20, 9), newYear)).toBe('December 2025')
  })

  it('uses calendar days in the given offset east of UTC', () => {
    // 23:30 UTC on 14 October is 01:30 on 15 October at UTC+2 (offset 120).
    const lateEvening = Date.UTC(2026, 9, 14, 23, 30)
    expect(dateGroupLabel(lateEvening, now)).toBe('Yesterday')
    expect(dateGroupLabel(lateEvening, now, 120)).toBe('Today')
    // 01:00 UTC on 15 October is 21:00 on 14 October at UTC-4 (offset -240).
    const earlyMorning = Date.UTC(2026, 9, 15, 1)
    expect(dateGroupLabel(earlyMorning, now)).toBe('Today')
    expect(dateGroupLabel(earlyMorning, now, -240)).toBe('Yesterday')
  })

  it('uses the offset for the month and the year too', () => {
    const nowJan = Date.UTC(2026, 0, 20, 12)
    // 23:00 UTC on 31 December 2025 is already 1 January 2026 at UTC+1.
    const newYearsEve = Date.UTC(2025, 11, 31, 23)
    expect(dateGroupLabel(newYearsEve, nowJan)).toBe('December 2025')
    expect(dateGroupLabel(newYearsEve, nowJan, 60)).toBe('This month')
  })

  it('treats a non-finite offset as UTC', () => {
    expect(dateGroupLabel(Date.UTC(2026, 9, 14, 23, 30), now, Number.NaN)).toBe('Yesterday')
  })

  it('rejects non-finite timestamps', () => {
    expect(() => dateGroupLabel(Number.NaN, now)).toThrow(RangeError)
    expect(() => dateGroupLabel(now, Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})
