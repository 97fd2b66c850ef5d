// The AI daily limits (spec: Free has 1 AI summary and 1 AI chat a day; the free trial and
// Ultimate are unlimited). As for YouTube videos (docs/adr/016-youtube.md), the count is read from
// the synced library, not kept in a counter: summaries are the distinct bookmarks whose aiSummary
// was created today, chats the distinct chats with a user message today (`lastUserMessageAt`), so
// two devices of one user share the count once they have synced. "Today" is the device's local
// calendar day. Summarizing the same page again, or going on with the same chat, is allowed.
import { hasUnlimitedFeatures, type Plan } from '../domain/plan'
import { startOfLocalDay } from '../youtube/daily-limit'

/** Distinct pages a limited plan may summarize per day (the spec's one shown value is 1). */
export const AI_SUMMARY_DAILY_LIMIT = 1
/** Distinct chats a limited plan may write in per day (the spec's one shown value is 1). */
export const AI_CHAT_DAILY_LIMIT = 1

/** Whether the plan has unlimited AI: the free trial and Ultimate (as for YouTube videos). */
export function planHasUnlimitedAi(plan: Plan): boolean {
  return hasUnlimitedFeatures(plan)
}

/** Where a person stands with an AI daily limit. */
export interface AiDailyAllowance {
  /** Whether a new summary (or chat message) is allowed now. */
  allowed: boolean
  /** Distinct pages summarized (or chats written in) today. */
  usedToday: number
  /** The plan's daily limit (Infinity when unlimited). */
  limit: number
  /** Whether the plan has no limit. */
  unlimited: boolean
}

/** The fields of a bookmark the summary count reads. */
export interface SummarizedBookmark {
  _id: string
  aiSummary?: { createdAt: number } | null
  deletedAt?: number
}

/** The fields of a chat the chat count reads. */
export interface CountedChat {
  _id: string
  _referenceId: string
  lastUserMessageAt?: number
  deletedAt?: number
}

/** The start of the local day after `now`'s. */
function startOfNextLocalDay(now: number): number {
  const next = new Date(startOfLocalDay(now))
  next.setDate(next.getDate() + 1)
  return next.getTime()
}

/**
 * Whether `time` falls on `now`'s local day: not before its start, and before the next day's (a
 * stamp from a device whose clock runs ahead must not count tomorrow's use as today's).
 */
function isOnLocalDay(time: number | undefined, now: number): boolean {
  return time !== undefined && time >= startOfLocalDay(now) && time < startOfNextLocalDay(now)
}

/**
 * Ids of the bookmarks whose summary was created on `now`'s local day. Deleted bookmarks still
 * held (tombstones, e.g. `store.getBookmarksForAiLimits()`) count too: deleting a page after its
 * summary does not give the day's summary back.
 */
export function bookmarksSummarizedToday(
  bookmarks: readonly SummarizedBookmark[],
  now: number,
): Set<string> {
  const ids = new Set<string>()
  for (const bookmark of bookmarks) {
    if (isOnLocalDay(bookmark.aiSummary?.createdAt, now)) {
      ids.add(bookmark._id)
    }
  }
  return ids
}

/** Reference ids of the chats answered on `now`'s local day, deleted ones still held too. */
export function chatsWrittenToday(chats: readonly CountedChat[], now: number): Set<string> {
  const ids = new Set<string>()
  for (const chat of chats) {
    if (isOnLocalDay(chat.lastUserMessageAt, now)) {
      ids.add(chat._referenceId)
    }
  }
  return ids
}

function allowance(
  today: ReadonlySet<string>,
  id: string,
  unlimited: boolean,
  limit: number,
): AiDailyAllowance {
  if (unlimited) {
    return { allowed: true, usedToday: today.size, limit: Infinity, unlimited: true }
  }
  return { allowed: today.has(id) || today.size < limit, usedToday: today.size, limit, unlimited }
}

/** Whether `bookmarkId` may get a new summary now (always on an unlimited plan). */
export function aiSummaryAllowance(
  bookmarks: readonly SummarizedBookmark[],
  bookmarkId: string,
  now: number,
  unlimited: boolean,
  limit = AI_SUMMARY_DAILY_LIMIT,
): AiDailyAllowance {
  return allowance(bookmarksSummarizedToday(bookmarks, now), bookmarkId, unlimited, limit)
}

/**
 * Whether a message may be sent in a chat now (always on an unlimited plan). `chatId` is the
 * chat's id or its reference id (the page's bookmark id, or 'library' for Ask your library), so a
 * chat not created yet can be asked about.
 */
export function aiChatAllowance(
  chats: readonly CountedChat[],
  chatId: string,
  now: number,
  unlimited: boolean,
  limit = AI_CHAT_DAILY_LIMIT,
): AiDailyAllowance {
  const referenceId = chats.find((chat) => chat._id === chatId)?._referenceId ?? chatId
  return allowance(chatsWrittenToday(chats, now), referenceId, unlimited, limit)
}
