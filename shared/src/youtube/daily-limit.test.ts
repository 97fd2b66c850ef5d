import { describe, expect, it } from 'vitest'
import {
  YOUTUBE_DAILY_LIMIT_MESSAGE,
  YOUTUBE_VIDEO_DAILY_LIMIT,
  startOfLocalDay,
  videosHighlightedToday,
  youtubeDailyAllowance,
} from './daily-limit'
import { transcriptHighlightSource } from './transcript-mark'

const LINES = [{ text: 'a line', offset: 1, duration: 2 }]
const NOW = new Date(2026, 10, 22, 18, 30).getTime()
const TODAY = new Date(2026, 10, 22, 0, 5).getTime()
const YESTERDAY = new Date(2026, 10, 21, 23, 55).getTime()

const transcriptMark = (videoId: string, createdAt: number) => ({
  createdAt,
  highlightSource: transcriptHighlightSource(LINES, 0, videoId, 'en'),
})
const pageMark = (createdAt: number) => ({
  createdAt,
  highlightSource: { startMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 0 } },
})

describe('the YouTube daily limit', () => {
  it("has the spec's value and message", () => {
    expect(YOUTUBE_VIDEO_DAILY_LIMIT).toBe(1)
    expect(YOUTUBE_DAILY_LIMIT_MESSAGE).toBe(
      "You've Hit Your Daily Limit. Upgrade to highlight unlimited Youtube videos 🚀",
    )
  })

  it('counts distinct videos with transcript highlights from the local day only', () => {
    expect(startOfLocalDay(NOW)).toBe(new Date(2026, 10, 22).getTime())
    const marks = [
      transcriptMark('aaaaaaaaaaa', TODAY),
      transcriptMark('aaaaaaaaaaa', NOW),
      transcriptMark('bbbbbbbbbbb', YESTERDAY),
      pageMark(NOW),
    ]
    expect([...videosHighlightedToday(marks, NOW)]).toEqual(['aaaaaaaaaaa'])
  })

  it('lets a limited plan start one video a day and keep highlighting it', () => {
    expect(youtubeDailyAllowance('aaaaaaaaaaa', [], NOW, false)).toEqual({
      unlimited: false,
      allowed: true,
      usedToday: 0,
      limit: 1,
    })
    const marks = [transcriptMark('aaaaaaaaaaa', TODAY), transcriptMark('bbbbbbbbbbb', YESTERDAY)]
    expect(youtubeDailyAllowance('aaaaaaaaaaa', marks, NOW, false).allowed).toBe(true)
    expect(youtubeDailyAllowance('bbbbbbbbbbb', marks, NOW, false).allowed).toBe(false)
    expect(youtubeDailyAllowance('ccccccccccc', marks, NOW, false)).toMatchObject({
      allowed: false,
      usedToday: 1,
    })
  })

  it('never limits a plan with the unlimited features', () => {
    const marks = [transcriptMark('aaaaaaaaaaa', NOW), transcriptMark('bbbbbbbbbbb', NOW)]
    expect(youtubeDailyAllowance('ccccccccccc', marks, NOW, true)).toEqual({
      unlimited: true,
      allowed: true,
      usedToday: 2,
      limit: Infinity,
    })
  })
})
