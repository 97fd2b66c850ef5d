import {
  PROMPT_THRESHOLDS,
  UserPrompt,
  createDefaultChromeSettings,
  nextUserPrompt,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  IMPORT_QUIET_MILLIS,
  LARGE_IMPORT_PAGES,
  isLargeImport,
  isQuietAfterImport,
} from './import-quiet'
import { toPromptState } from './prompt-state'

const NOW = Date.UTC(2026, 10, 26, 12)

describe('prompts after a large import', () => {
  it('calls large any import able to carry the page count past a prompt threshold', () => {
    expect(LARGE_IMPORT_PAGES).toBe(PROMPT_THRESHOLDS[UserPrompt.SIGN_UP])
    expect(isLargeImport(1521)).toBe(true)
    expect(isLargeImport(LARGE_IMPORT_PAGES)).toBe(true)
    expect(isLargeImport(LARGE_IMPORT_PAGES - 1)).toBe(false)
    expect(isLargeImport(0)).toBe(false)
  })

  it('keeps prompts away for a day after it, and not before it or after the day', () => {
    expect(isQuietAfterImport(NOW, NOW)).toBe(true)
    expect(isQuietAfterImport(NOW - IMPORT_QUIET_MILLIS + 1, NOW)).toBe(true)
    expect(isQuietAfterImport(NOW - IMPORT_QUIET_MILLIS, NOW)).toBe(false)
    expect(isQuietAfterImport(NOW + 1000, NOW)).toBe(false)
    expect(isQuietAfterImport(undefined, NOW)).toBe(false)
    expect(isQuietAfterImport('yesterday', NOW)).toBe(false)
  })

  it('holds back the prompt that 1,521 imported pages would otherwise open', () => {
    const state = toPromptState(1521, createDefaultChromeSettings('settings'), undefined, undefined)
    expect(nextUserPrompt(state, NOW)).toBe(UserPrompt.SIGN_UP)
    expect(isQuietAfterImport(NOW - 60_000, NOW)).toBe(true)
  })
})
