import { describe, expect, it } from 'vitest'
import { aiChatEnabled } from './feature-flag'

describe('aiChatEnabled', () => {
  it('follows the flag of a fetched config', () => {
    expect(aiChatEnabled({ isAiChatEnabled: true })).toBe(true)
    expect(aiChatEnabled({ isAiChatEnabled: false })).toBe(false)
  })

  it("takes the spec's default, off, for a config without the flag", () => {
    expect(aiChatEnabled({})).toBe(false)
    expect(aiChatEnabled({ isAiChatEnabled: null })).toBe(false)
  })

  it('is on when no config was ever fetched (local-first)', () => {
    expect(aiChatEnabled(undefined)).toBe(true)
  })
})
