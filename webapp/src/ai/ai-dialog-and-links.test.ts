import { AI_CHAT_DAILY_LIMIT_MESSAGE, AI_SUMMARY_DAILY_LIMIT_MESSAGE } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { splitLimitMessage } from './AiDailyLimitDialog'
import { aiUpgradeUrl } from './ai-upgrade-url'

describe('the daily-limit popup', () => {
  it("has the spec's first sentence as its title and the rest as its text", () => {
    expect(splitLimitMessage(AI_SUMMARY_DAILY_LIMIT_MESSAGE)).toEqual({
      title: "You've Hit Your Daily Limit.",
      body: 'Upgrade to create unlimited AI summaries',
    })
    expect(splitLimitMessage(AI_CHAT_DAILY_LIMIT_MESSAGE).body).toBe(
      'Upgrade to chat with AI unlimited 🚀',
    )
    expect(splitLimitMessage('One sentence')).toEqual({ title: 'One sentence', body: '' })
  })

  it("leads Upgrade to the site's plans", () => {
    expect(aiUpgradeUrl('https://inkmark.example')).toBe('https://inkmark.example/#pricing')
  })
})
