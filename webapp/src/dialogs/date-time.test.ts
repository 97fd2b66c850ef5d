import { describe, expect, it } from 'vitest'
import {
  MAX_AHEAD_MILLIS,
  dateTimeProblem,
  parseDateTimeLocal,
  quickChoices,
  toDateTimeLocalValue,
} from './date-time'

const NOW = new Date(2026, 2, 10, 14, 25, 30).getTime()

describe('datetime-local values', () => {
  it('writes and reads local time to the minute', () => {
    expect(toDateTimeLocalValue(NOW)).toBe('2026-03-10T14:25')
    expect(parseDateTimeLocal('2026-03-10T14:25')).toBe(new Date(2026, 2, 10, 14, 25).getTime())
    expect(parseDateTimeLocal('2026-03-10T14:25:30')).toBe(NOW)
  })

  it('refuses what is not a date', () => {
    expect(parseDateTimeLocal('2026-02-31T10:00')).toBeUndefined()
    expect(parseDateTimeLocal('tomorrow')).toBeUndefined()
    expect(parseDateTimeLocal('2026-03-10')).toBeUndefined()
  })
})

describe('dateTimeProblem', () => {
  it('accepts a moment ahead within a year', () => {
    expect(dateTimeProblem('2026-03-11T09:00', NOW)).toBeUndefined()
  })

  it('says what is wrong', () => {
    expect(dateTimeProblem('', NOW)).toBe('Choose a date and a time.')
    expect(dateTimeProblem('2026-13-01T00:00', NOW)).toMatch(/not a date/)
    expect(dateTimeProblem('2026-03-10T14:25', NOW)).toBe('Choose a moment in the future.')
    expect(dateTimeProblem(toDateTimeLocalValue(NOW + MAX_AHEAD_MILLIS + 120_000), NOW)).toBe(
      'Choose a moment within the next year.',
    )
  })
})

describe('quickChoices', () => {
  it('offers an hour, tomorrow morning and a week ahead', () => {
    expect(quickChoices(NOW).map((choice) => toDateTimeLocalValue(choice.millis))).toEqual([
      '2026-03-10T15:25',
      '2026-03-11T09:00',
      '2026-03-17T14:25',
    ])
  })
})
