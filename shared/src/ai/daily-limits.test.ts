import { describe, expect, it } from 'vitest'
import { Plan } from '../domain/plan'
import { FIXTURE_DAY_MS } from '../testing/factories'
import { createTestClock } from '../testing/store-harness'
import { startOfLocalDay } from '../youtube/daily-limit'
import {
  AI_CHAT_DAILY_LIMIT,
  AI_SUMMARY_DAILY_LIMIT,
  aiChatAllowance,
  aiSummaryAllowance,
  planHasUnlimitedAi,
} from './daily-limits'

const clock = createTestClock()
const now = clock.now()
const today = startOfLocalDay(now)
const yesterdayLate = today - 1

describe('planHasUnlimitedAi', () => {
  it('is unlimited for the free trial and Ultimate only', () => {
    expect(planHasUnlimitedAi(Plan.FREE_TRIAL)).toBe(true)
    expect(planHasUnlimitedAi(Plan.ULTIMATE)).toBe(true)
    expect(planHasUnlimitedAi(Plan.PREMIUM)).toBe(false)
    expect(planHasUnlimitedAi(Plan.FREE)).toBe(false)
    expect(planHasUnlimitedAi(Plan.OFFLINE)).toBe(false)
  })
})

describe('aiSummaryAllowance', () => {
  const summarized = (id: string, createdAt: number) => ({ _id: id, aiSummary: { createdAt } })

  it('has the spec value of one summary a day', () => {
    expect(AI_SUMMARY_DAILY_LIMIT).toBe(1)
  })

  it('allows the first page of the day, then only that page again', () => {
    expect(aiSummaryAllowance([{ _id: 'a' }], 'a', now, false)).toEqual({
      allowed: true,
      usedToday: 0,
      limit: 1,
      unlimited: false,
    })
    const bookmarks = [summarized('a', today + 1000), { _id: 'b' }]
    expect(aiSummaryAllowance(bookmarks, 'a', now, false).allowed).toBe(true)
    expect(aiSummaryAllowance(bookmarks, 'b', now, false)).toEqual({
      allowed: false,
      usedToday: 1,
      limit: 1,
      unlimited: false,
    })
  })

  it("counts the local day: yesterday's summary does not count, and tomorrow starts afresh", () => {
    const bookmarks = [summarized('a', yesterdayLate)]
    expect(aiSummaryAllowance(bookmarks, 'b', now, false)).toMatchObject({
      allowed: true,
      usedToday: 0,
    })
    const after = [summarized('a', now)]
    expect(aiSummaryAllowance(after, 'b', now + FIXTURE_DAY_MS, false).allowed).toBe(true)
  })

  it('does not count a stamp from tomorrow (a device whose clock runs ahead) as today', () => {
    const ahead = [summarized('a', today + FIXTURE_DAY_MS + 60_000)]
    expect(aiSummaryAllowance(ahead, 'b', now, false)).toMatchObject({
      allowed: true,
      usedToday: 0,
    })
  })

  it('counts a summary made on another device once it has synced (it is on the bookmark)', () => {
    const synced = [summarized('other-device-page', today + 5)]
    expect(aiSummaryAllowance(synced, 'mine', now, false).allowed).toBe(false)
  })

  it('counts a deleted page’s summary of today (its tombstone) and is unlimited on an unlimited plan', () => {
    const bookmarks = [{ ...summarized('a', now), deletedAt: now }]
    expect(aiSummaryAllowance(bookmarks, 'b', now, false)).toMatchObject({
      allowed: false,
      usedToday: 1,
    })
    expect(aiSummaryAllowance([summarized('a', now)], 'b', now, true)).toEqual({
      allowed: true,
      usedToday: 1,
      limit: Infinity,
      unlimited: true,
    })
  })
})

describe('aiChatAllowance', () => {
  const chat = (id: string, referenceId: string, lastUserMessageAt?: number) => ({
    _id: id,
    _referenceId: referenceId,
    ...(lastUserMessageAt === undefined ? {} : { lastUserMessageAt }),
  })

  it('has the spec value of one chat a day', () => {
    expect(AI_CHAT_DAILY_LIMIT).toBe(1)
  })

  it('allows going on with the chat of today, by chat id or by its page, not a second chat', () => {
    const chats = [chat('c1', 'page-1', today + 10), chat('c2', 'page-2', yesterdayLate)]
    expect(aiChatAllowance(chats, 'c1', now, false).allowed).toBe(true)
    expect(aiChatAllowance(chats, 'page-1', now, false).allowed).toBe(true)
    expect(aiChatAllowance(chats, 'c2', now, false)).toEqual({
      allowed: false,
      usedToday: 1,
      limit: 1,
      unlimited: false,
    })
    expect(aiChatAllowance(chats, 'library', now, false).allowed).toBe(false)
  })

  it('counts a deleted chat of today, and not one stamped tomorrow', () => {
    const deleted = [{ ...chat('c1', 'page-1', now), deletedAt: now }]
    expect(aiChatAllowance(deleted, 'page-2', now, false).allowed).toBe(false)
    const ahead = [chat('c1', 'page-1', today + FIXTURE_DAY_MS + 60_000)]
    expect(aiChatAllowance(ahead, 'page-2', now, false).allowed).toBe(true)
  })

  it('allows the first chat of the day and is unlimited on an unlimited plan', () => {
    const chats = [chat('c1', 'page-1', yesterdayLate), chat('c3', 'page-3')]
    expect(aiChatAllowance(chats, 'page-3', now, false).allowed).toBe(true)
    expect(aiChatAllowance([chat('c1', 'page-1', now)], 'page-2', now, true)).toMatchObject({
      allowed: true,
      unlimited: true,
    })
  })
})
