import {
  Plan,
  UserPrompt,
  createDefaultChromeSettings,
  nextUserPrompt,
  MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { promptOfDialog, promptShownChanges, toPromptState } from './prompt-state'

const NOW = Date.UTC(2026, 10, 22, 12)
const settings = createDefaultChromeSettings('settings')

describe('toPromptState', () => {
  it('reads a signed-out person with fresh settings', () => {
    expect(toPromptState(4, settings, undefined, undefined)).toEqual({
      bookmarkCount: 4,
      isSignedIn: false,
      isPaidPlan: false,
      signUpPromptDismissed: false,
      chromeRatingPromptDismissed: false,
      upgradeDealPromptDismissed: false,
      spreadTheWordPromptDismissed: false,
      lastUserPromptShownAtInMillis: undefined,
    })
  })

  it('counts Premium and Ultimate as paid, a trial and Free as not', () => {
    expect(toPromptState(0, settings, Plan.PREMIUM, undefined).isPaidPlan).toBe(true)
    expect(toPromptState(0, settings, Plan.ULTIMATE, undefined).isPaidPlan).toBe(true)
    expect(toPromptState(0, settings, Plan.FREE_TRIAL, undefined).isPaidPlan).toBe(false)
    expect(toPromptState(0, settings, Plan.FREE, undefined)).toMatchObject({
      isSignedIn: true,
      isPaidPlan: false,
    })
  })

  it('ignores a stored last-shown time that is not a number', () => {
    expect(toPromptState(0, settings, undefined, 'yesterday').lastUserPromptShownAtInMillis).toBe(
      undefined,
    )
    expect(toPromptState(0, settings, undefined, NaN).lastUserPromptShownAtInMillis).toBe(undefined)
    expect(toPromptState(0, settings, undefined, NOW).lastUserPromptShownAtInMillis).toBe(NOW)
  })
})

describe('the prompt sequence over the app state', () => {
  it('shows sign-up at 4 bookmarks, then nothing once it was recorded as shown', () => {
    expect(nextUserPrompt(toPromptState(3, settings, undefined, undefined), NOW)).toBe(null)
    expect(nextUserPrompt(toPromptState(4, settings, undefined, undefined), NOW)).toBe(
      UserPrompt.SIGN_UP,
    )
    const after = { ...settings, ...promptShownChanges(UserPrompt.SIGN_UP) }
    expect(nextUserPrompt(toPromptState(4, after, undefined, NOW), NOW)).toBe(null)
    expect(
      nextUserPrompt(
        toPromptState(4, after, undefined, NOW),
        NOW + MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS,
      ),
    ).toBe(null)
  })

  it('moves on to the rating prompt a day later at 12 bookmarks', () => {
    const after = { ...settings, ...promptShownChanges(UserPrompt.SIGN_UP) }
    const state = toPromptState(12, after, undefined, NOW)
    expect(nextUserPrompt(state, NOW + 1000)).toBe(null)
    expect(nextUserPrompt(state, NOW + MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS)).toBe(
      UserPrompt.CHROME_RATING,
    )
  })

  it('skips the upgrade deal for a paid plan', () => {
    const seen = {
      ...settings,
      ...promptShownChanges(UserPrompt.SIGN_UP),
      ...promptShownChanges(UserPrompt.CHROME_RATING),
    }
    expect(nextUserPrompt(toPromptState(30, seen, Plan.PREMIUM, undefined), NOW)).toBe(
      UserPrompt.SPREAD_THE_WORD,
    )
    expect(nextUserPrompt(toPromptState(30, seen, Plan.FREE, undefined), NOW)).toBe(
      UserPrompt.UPGRADE_DEAL,
    )
  })
})

describe('promptShownChanges', () => {
  it('sets the spec flag of each prompt', () => {
    expect(promptShownChanges(UserPrompt.SIGN_UP)).toEqual({ signUpPromptDismissed: true })
    expect(promptShownChanges(UserPrompt.CHROME_RATING)).toEqual({
      chromeRatingPromptDismissed: true,
    })
    expect(promptShownChanges(UserPrompt.UPGRADE_DEAL)).toEqual({
      upgradeDealPromptDismissed: true,
    })
    expect(promptShownChanges(UserPrompt.SPREAD_THE_WORD)).toEqual({
      spreadTheWordPromptDismissed: true,
    })
  })
})

describe('promptOfDialog', () => {
  it("maps the spec's prompt dialog names to prompts, and nothing else", () => {
    expect(promptOfDialog('sign-up-prompt')).toBe(UserPrompt.SIGN_UP)
    expect(promptOfDialog('chrome-rating-prompt')).toBe(UserPrompt.CHROME_RATING)
    expect(promptOfDialog('upgrade-deal-prompt')).toBe(UserPrompt.UPGRADE_DEAL)
    expect(promptOfDialog('spread-the-word-prompt')).toBe(UserPrompt.SPREAD_THE_WORD)
    expect(promptOfDialog('search')).toBe(undefined)
    expect(promptOfDialog(undefined)).toBe(undefined)
  })
})
