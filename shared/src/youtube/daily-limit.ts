// The 'highlight-youtube-video' daily limit: plans without the unlimited features (Offline, Free,
// Premium) may highlight on a limited number of distinct videos per day; Ultimate and the free trial
// may highlight any number. The count is read from the library itself (transcript highlights made
// today, by video), not kept as a separate counter that could drift or be reset by a reinstall of
// the counter alone. "Today" is the local calendar day of the device. See docs/adr/016-youtube.md.
import { transcriptSpanOf } from './transcript-mark'

/** Distinct videos a limited plan may highlight per day (the spec's one shown value is 1). */
export const YOUTUBE_VIDEO_DAILY_LIMIT = 1

/** Shown when a limited plan has used up its videos for the day (spec section 9). */
export const YOUTUBE_DAILY_LIMIT_MESSAGE =
  "You've Hit Your Daily Limit. Upgrade to highlight unlimited Youtube videos 🚀"

/** Start of the local calendar day that `now` (epoch millis) falls in. */
export function startOfLocalDay(now: number): number {
  const day = new Date(now)
  day.setHours(0, 0, 0, 0)
  return day.getTime()
}

/** The ids of the videos with transcript highlights created on `now`'s local day. */
export function videosHighlightedToday(
  marks: readonly { createdAt: number; highlightSource?: unknown }[],
  now: number,
): Set<string> {
  const dayStart = startOfLocalDay(now)
  const videos = new Set<string>()
  for (const mark of marks) {
    if (mark.createdAt < dayStart) {
      continue
    }
    const span = transcriptSpanOf(mark.highlightSource)
    if (span !== null) {
      videos.add(span.videoId)
    }
  }
  return videos
}

/** Where a person stands with the daily limit on one video. */
export interface YoutubeDailyAllowance {
  /** Whether the plan has no limit. */
  unlimited: boolean
  /** Whether a new highlight on this video is allowed now. */
  allowed: boolean
  /** Distinct videos highlighted today. */
  usedToday: number
  /** The plan's daily limit (Infinity when unlimited). */
  limit: number
}

/**
 * Whether `videoId` may get a new highlight: always on an unlimited plan; otherwise when the video
 * already has a highlight from today (it is already counted) or today's count is under the limit.
 */
export function youtubeDailyAllowance(
  videoId: string,
  marks: readonly { createdAt: number; highlightSource?: unknown }[],
  now: number,
  unlimited: boolean,
  limit = YOUTUBE_VIDEO_DAILY_LIMIT,
): YoutubeDailyAllowance {
  const today = videosHighlightedToday(marks, now)
  if (unlimited) {
    return { unlimited: true, allowed: true, usedToday: today.size, limit: Infinity }
  }
  return {
    unlimited: false,
    allowed: today.has(videoId) || today.size < limit,
    usedToday: today.size,
    limit,
  }
}
