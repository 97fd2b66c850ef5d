import { describe, expect, it } from 'vitest'
import type { StoredLearningInfo } from '../storage/relay-storage'
import { isKnownTimeZone, localTime } from './local-time'
import { REPORT_STALE_AFTER_MS, decideReminder, type ReminderFacts } from './reminder-decision'

const HOUR = 60 * 60 * 1000
const on = { emailSettings: 'ALL', isLearningReminderEmailEnabled: true } as const

function info(overrides: Partial<StoredLearningInfo> = {}): StoredLearningInfo {
  return {
    userId: 'u1',
    dueCount: 4,
    learnedToday: 2,
    dailyTarget: 10,
    nextDueAt: null,
    timeZone: 'Europe/Berlin',
    reportedAt: Date.UTC(2026, 10, 26, 9),
    ...overrides,
  }
}

function facts(overrides: Partial<ReminderFacts> = {}): ReminderFacts {
  // 18:30 in Berlin (UTC+1 in November).
  return {
    settings: on,
    info: info(),
    lastReminderDay: null,
    now: Date.UTC(2026, 10, 26, 17, 30),
    ...overrides,
  }
}

describe('localTime', () => {
  it('gives the local day and hour in the zone, across DST changes', () => {
    expect(localTime(Date.UTC(2026, 10, 26, 23, 30), 'UTC')).toEqual({
      day: '2026-11-26',
      hour: 23,
    })
    expect(localTime(Date.UTC(2026, 10, 26, 23, 30), 'Europe/Berlin')).toEqual({
      day: '2026-11-27',
      hour: 0,
    })
    expect(localTime(Date.UTC(2026, 10, 26, 12, 45), 'Asia/Kolkata')).toEqual({
      day: '2026-11-26',
      hour: 18,
    })
    // New York: 8 March 2026 02:00 EST becomes 03:00 EDT; 1 November 02:00 EDT becomes 01:00 EST.
    expect(localTime(Date.UTC(2026, 2, 7, 23), 'America/New_York').hour).toBe(18)
    expect(localTime(Date.UTC(2026, 2, 8, 22), 'America/New_York').hour).toBe(18)
    expect(localTime(Date.UTC(2026, 10, 1, 23), 'America/New_York').hour).toBe(18)
  })

  it('knows IANA names and refuses what is not one', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true)
    expect(isKnownTimeZone('UTC')).toBe(true)
    expect(isKnownTimeZone('Etc/GMT-5')).toBe(true)
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false)
    expect(isKnownTimeZone('')).toBe(false)
    expect(isKnownTimeZone('Europe/Berlin<script>')).toBe(false)
    expect(isKnownTimeZone('A'.repeat(65))).toBe(false)
  })
})

describe('decideReminder', () => {
  it('sends in the local evening when cards are due and the target is not reached', () => {
    expect(decideReminder(facts())).toEqual({
      send: true,
      localDay: '2026-11-26',
      dueCount: 4,
      atLeast: false,
      learnedToday: 2,
      dailyTarget: 10,
    })
  })

  it('sends from 18:00 to 22:59 local time only', () => {
    const at = (utcHour: number, minute = 0) =>
      decideReminder(facts({ now: Date.UTC(2026, 10, 26, utcHour, minute) }))
    expect(at(16, 59)).toEqual({ send: false, reason: 'not-evening' })
    expect(at(17).send).toBe(true)
    expect(at(21, 59).send).toBe(true)
    expect(at(22)).toEqual({ send: false, reason: 'not-evening' })
  })

  it('follows the user’s offset through daylight saving time (New York)', () => {
    const newYork = info({ timeZone: 'America/New_York', reportedAt: Date.UTC(2026, 2, 7, 14) })
    // Saturday 7 March (EST, UTC-5): 18:00 local is 23:00 UTC.
    expect(decideReminder(facts({ info: newYork, now: Date.UTC(2026, 2, 7, 22, 59) })).send).toBe(
      false,
    )
    expect(decideReminder(facts({ info: newYork, now: Date.UTC(2026, 2, 7, 23) })).send).toBe(true)
    // Sunday 8 March, after the change (EDT, UTC-4): 18:00 local is 22:00 UTC.
    const sunday = { ...newYork, reportedAt: Date.UTC(2026, 2, 8, 14) }
    expect(decideReminder(facts({ info: sunday, now: Date.UTC(2026, 2, 8, 21, 59) })).send).toBe(
      false,
    )
    expect(decideReminder(facts({ info: sunday, now: Date.UTC(2026, 2, 8, 22) }))).toMatchObject({
      send: true,
      localDay: '2026-03-08',
    })
  })

  it('uses the user’s local day, not the relay’s (half-hour zone, day ahead of UTC)', () => {
    const auckland = info({ timeZone: 'Pacific/Auckland', reportedAt: Date.UTC(2026, 10, 26, 1) })
    // 27 November 05:00 UTC is 18:00 on 27 November in Auckland (UTC+13).
    expect(decideReminder(facts({ info: auckland, now: Date.UTC(2026, 10, 27, 5) }))).toMatchObject(
      {
        send: true,
        localDay: '2026-11-27',
      },
    )
    const kolkata = info({ timeZone: 'Asia/Kolkata', reportedAt: Date.UTC(2026, 10, 26, 4) })
    // 12:29 UTC is 17:59 in Kolkata (UTC+5:30); 12:30 is 18:00.
    expect(decideReminder(facts({ info: kolkata, now: Date.UTC(2026, 10, 26, 12, 29) })).send).toBe(
      false,
    )
    expect(decideReminder(facts({ info: kolkata, now: Date.UTC(2026, 10, 26, 12, 30) })).send).toBe(
      true,
    )
  })

  it('sends once per local day', () => {
    expect(decideReminder(facts({ lastReminderDay: '2026-11-26' }))).toEqual({
      send: false,
      reason: 'sent-today',
    })
    expect(decideReminder(facts({ lastReminderDay: '2026-11-25' })).send).toBe(true)
  })

  it('respects the email settings', () => {
    expect(decideReminder(facts({ settings: { ...on, emailSettings: 'NONE' } }))).toEqual({
      send: false,
      reason: 'emails-off',
    })
    expect(
      decideReminder(facts({ settings: { ...on, isLearningReminderEmailEnabled: false } })),
    ).toEqual({ send: false, reason: 'reminder-off' })
  })

  it('sends nothing when nothing is due or the target is reached', () => {
    expect(decideReminder(facts({ info: info({ dueCount: 0 }) }))).toEqual({
      send: false,
      reason: 'nothing-due',
    })
    expect(decideReminder(facts({ info: info({ learnedToday: 10 }) }))).toEqual({
      send: false,
      reason: 'target-reached',
    })
    expect(decideReminder(facts({ info: info({ learnedToday: 9 }) })).send).toBe(true)
  })

  it('reads a report of an earlier local day as nothing learned today, cards still due', () => {
    const yesterday = info({
      learnedToday: 10,
      dueCount: 0,
      nextDueAt: Date.UTC(2026, 10, 26, 6),
      reportedAt: Date.UTC(2026, 10, 25, 20),
    })
    expect(decideReminder(facts({ info: yesterday }))).toEqual({
      send: true,
      localDay: '2026-11-26',
      dueCount: 1,
      atLeast: true,
      learnedToday: 0,
      dailyTarget: 10,
    })
    // Its next card not due yet: nothing to remind of.
    expect(
      decideReminder(facts({ info: { ...yesterday, nextDueAt: Date.UTC(2026, 10, 27) } })),
    ).toEqual({ send: false, reason: 'nothing-due' })
  })

  it('stops reminding when the device has not reported for two weeks', () => {
    const now = Date.UTC(2026, 10, 26, 17, 30)
    expect(
      decideReminder(facts({ info: info({ reportedAt: now - REPORT_STALE_AFTER_MS - HOUR }) })),
    ).toEqual({ send: false, reason: 'report-stale' })
    expect(
      decideReminder(facts({ info: info({ reportedAt: now - REPORT_STALE_AFTER_MS + HOUR }) }))
        .send,
    ).toBe(true)
  })
})
