import { describe, expect, it } from 'vitest'
import {
  DEFAULT_BACKUP_PROMPT_INTERVAL,
  MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS,
  PROMPT_DELAY_MS,
  PROMPT_DISMISSED_FLAGS,
  PROMPT_THRESHOLDS,
  UserPrompt,
  isWithinPromptInterval,
  nextUserPrompt,
  shouldShowBackupPrompt,
} from './user-prompts'
import type { UserPromptState } from './user-prompts'

const NOW = Date.UTC(2025, 5, 1, 12)

function state(overrides: Partial<UserPromptState> = {}): UserPromptState {
  return {
    bookmarkCount: 0,
    isSignedIn: false,
    isPaidPlan: false,
    signUpPromptDismissed: false,
    chromeRatingPromptDismissed: false,
    upgradeDealPromptDismissed: false,
    spreadTheWordPromptDismissed: false,
    ...overrides,
  }
}

const SIGNED_IN = {
  isSignedIn: true,
}

describe('constants', () => {
  it('holds the spec thresholds and delay', () => {
    expect(PROMPT_THRESHOLDS).toEqual({
      signUp: 4,
      chromeRating: 12,
      upgradeDeal: 20,
      spreadTheWord: 30,
    })
    expect(PROMPT_DELAY_MS).toBe(250)
    expect(DEFAULT_BACKUP_PROMPT_INTERVAL).toBe(100)
    expect(MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS).toBe(86_400_000)
    expect(Object.values(UserPrompt)).toEqual([
      'signUp',
      'chromeRating',
      'upgradeDeal',
      'spreadTheWord',
    ])
    expect(PROMPT_DISMISSED_FLAGS.chromeRating).toBe('chromeRatingPromptDismissed')
  })
})

describe('nextUserPrompt', () => {
  it('shows no prompt under 4 bookmarks', () => {
    expect(nextUserPrompt(state({ bookmarkCount: 0 }), NOW)).toBeNull()
    expect(nextUserPrompt(state({ bookmarkCount: 3 }), NOW)).toBeNull()
  })

  it('shows the sign-up prompt from 4 bookmarks to a signed-out user', () => {
    expect(nextUserPrompt(state({ bookmarkCount: 4 }), NOW)).toBe(UserPrompt.SIGN_UP)
    expect(nextUserPrompt(state({ bookmarkCount: 11 }), NOW)).toBe(UserPrompt.SIGN_UP)
  })

  it('skips the sign-up prompt when signed in or dismissed', () => {
    expect(nextUserPrompt(state({ bookmarkCount: 4, isSignedIn: true }), NOW)).toBeNull()
    const dismissed = state({ bookmarkCount: 4, signUpPromptDismissed: true })
    expect(nextUserPrompt(dismissed, NOW)).toBeNull()
  })

  it('shows the rating prompt from 12 bookmarks', () => {
    const base = state({ ...SIGNED_IN, bookmarkCount: 11 })
    expect(nextUserPrompt(base, NOW)).toBeNull()
    expect(nextUserPrompt({ ...base, bookmarkCount: 12 }, NOW)).toBe(UserPrompt.CHROME_RATING)
    const dismissed = { ...base, bookmarkCount: 12, chromeRatingPromptDismissed: true }
    expect(nextUserPrompt(dismissed, NOW)).toBeNull()
  })

  it('shows the upgrade deal prompt from 20 bookmarks unless on a paid plan', () => {
    const base = state({
      ...SIGNED_IN,
      chromeRatingPromptDismissed: true,
      bookmarkCount: 19,
    })
    expect(nextUserPrompt(base, NOW)).toBeNull()
    expect(nextUserPrompt({ ...base, bookmarkCount: 20 }, NOW)).toBe(UserPrompt.UPGRADE_DEAL)
    expect(nextUserPrompt({ ...base, bookmarkCount: 20, isPaidPlan: true }, NOW)).toBeNull()
    const dismissed = { ...base, bookmarkCount: 20, upgradeDealPromptDismissed: true }
    expect(nextUserPrompt(dismissed, NOW)).toBeNull()
  })

  it('shows the spread-the-word prompt from 30 bookmarks', () => {
    const base = state({
      ...SIGNED_IN,
      chromeRatingPromptDismissed: true,
      upgradeDealPromptDismissed: true,
      bookmarkCount: 29,
    })
    expect(nextUserPrompt(base, NOW)).toBeNull()
    expect(nextUserPrompt({ ...base, bookmarkCount: 30 }, NOW)).toBe(UserPrompt.SPREAD_THE_WORD)
    const dismissed = { ...base, bookmarkCount: 30, spreadTheWordPromptDismissed: true }
    expect(nextUserPrompt(dismissed, NOW)).toBeNull()
  })

  it('shows the spread-the-word prompt to paid users whose upgrade deal is skipped', () => {
    const paid = state({
      ...SIGNED_IN,
      chromeRatingPromptDismissed: true,
      isPaidPlan: true,
      bookmarkCount: 30,
    })
    expect(nextUserPrompt(paid, NOW)).toBe(UserPrompt.SPREAD_THE_WORD)
  })

  it('shows the earliest eligible prompt of the sequence first', () => {
    expect(nextUserPrompt(state({ bookmarkCount: 50 }), NOW)).toBe(UserPrompt.SIGN_UP)
    const signedIn = state({ bookmarkCount: 50, isSignedIn: true })
    expect(nextUserPrompt(signedIn, NOW)).toBe(UserPrompt.CHROME_RATING)
  })

  it('shows nothing once every prompt was shown', () => {
    const allDone = state({
      bookmarkCount: 100,
      signUpPromptDismissed: true,
      chromeRatingPromptDismissed: true,
      upgradeDealPromptDismissed: true,
      spreadTheWordPromptDismissed: true,
    })
    expect(nextUserPrompt(allDone, NOW)).toBeNull()
  })

  it('skips every prompt within the interval after another prompt', () => {
    const recent = NOW - MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS + 1
    const skipped = state({ bookmarkCount: 12, lastUserPromptShownAtInMillis: recent })
    expect(nextUserPrompt(skipped, NOW)).toBeNull()
    expect(nextUserPrompt({ ...skipped, lastUserPromptShownAtInMillis: NOW }, NOW)).toBeNull()
  })

  it('shows a prompt again once the interval has passed', () => {
    const old = NOW - MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS
    const due = state({ bookmarkCount: 12, lastUserPromptShownAtInMillis: old })
    expect(nextUserPrompt(due, NOW)).toBe(UserPrompt.SIGN_UP)
  })
})

describe('isWithinPromptInterval', () => {
  it('is false when no prompt was shown yet', () => {
    expect(isWithinPromptInterval(undefined, NOW)).toBe(false)
  })

  it('is true only during the interval', () => {
    expect(isWithinPromptInterval(NOW, NOW)).toBe(true)
    expect(isWithinPromptInterval(NOW - MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS + 1, NOW)).toBe(true)
    expect(isWithinPromptInterval(NOW - MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS, NOW)).toBe(false)
  })

  it('ignores a last-shown time in the future (clock moved back)', () => {
    expect(isWithinPromptInterval(NOW + 1000, NOW)).toBe(false)
  })
})

describe('shouldShowBackupPrompt', () => {
  it('shows at each exact multiple of the default interval of 100', () => {
    expect(shouldShowBackupPrompt(100)).toBe(true)
    expect(shouldShowBackupPrompt(200)).toBe(true)
    expect(shouldShowBackupPrompt(1000, DEFAULT_BACKUP_PROMPT_INTERVAL)).toBe(true)
  })

  it('does not show below the interval or between multiples', () => {
    expect(shouldShowBackupPrompt(0)).toBe(false)
    expect(shouldShowBackupPrompt(99)).toBe(false)
    expect(shouldShowBackupPrompt(101)).toBe(false)
    expect(shouldShowBackupPrompt(150)).toBe(false)
    expect(shouldShowBackupPrompt(199)).toBe(false)
  })

  it('follows a configured interval', () => {
    expect(shouldShowBackupPrompt(25, 25)).toBe(true)
    expect(shouldShowBackupPrompt(50, 25)).toBe(true)
    expect(shouldShowBackupPrompt(24, 25)).toBe(false)
    expect(shouldShowBackupPrompt(100, 30)).toBe(false)
    expect(shouldShowBackupPrompt(1, 1)).toBe(true)
  })

  it('never prompts for an interval of 0 or less', () => {
    expect(shouldShowBackupPrompt(0, 0)).toBe(false)
    expect(shouldShowBackupPrompt(100, 0)).toBe(false)
    expect(shouldShowBackupPrompt(100, -100)).toBe(false)
    expect(shouldShowBackupPrompt(100, Number.NaN)).toBe(false)
    expect(shouldShowBackupPrompt(100, Number.POSITIVE_INFINITY)).toBe(false)
  })

  it('never prompts for a count that is not a whole number', () => {
    expect(shouldShowBackupPrompt(100.5)).toBe(false)
    expect(shouldShowBackupPrompt(Number.NaN)).toBe(false)
    expect(shouldShowBackupPrompt(-100)).toBe(false)
  })
})
