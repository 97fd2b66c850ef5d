// Joins what the web app knows (bookmark count, session, settings, this device's last prompt time)
// into the facts the shared rule `nextUserPrompt` decides on, and says what to write when a prompt
// is shown. The dismissed flags live in the synced chrome settings (dismissed on one device means
// dismissed everywhere); the last-shown time is this device's own value, as the spec lists it with
// the other per-device stored values.
import {
  PROMPT_DISMISSED_FLAGS,
  UserPrompt,
  isPaidPlan,
  type ChromeSettings,
  type DialogName,
  type Plan,
  type UserPromptState,
} from '@inkmark/shared'

/** The device value holding when this device last showed a prompt (epoch millis). */
export const LAST_PROMPT_SHOWN_KEY = 'lastUserPromptShownAtInMillis'

/** The facts of the prompt rule from the app's state. */
export function toPromptState(
  bookmarkCount: number,
  settings: Pick<ChromeSettings, (typeof PROMPT_DISMISSED_FLAGS)[UserPrompt]>,
  plan: Plan | undefined,
  lastShownAtInMillis: unknown,
): UserPromptState {
  return {
    bookmarkCount,
    isSignedIn: plan !== undefined,
    isPaidPlan: plan !== undefined && isPaidPlan(plan),
    signUpPromptDismissed: settings.signUpPromptDismissed === true,
    chromeRatingPromptDismissed: settings.chromeRatingPromptDismissed === true,
    upgradeDealPromptDismissed: settings.upgradeDealPromptDismissed === true,
    spreadTheWordPromptDismissed: settings.spreadTheWordPromptDismissed === true,
    lastUserPromptShownAtInMillis:
      typeof lastShownAtInMillis === 'number' && Number.isFinite(lastShownAtInMillis)
        ? lastShownAtInMillis
        : undefined,
  }
}

/** The settings change that records `prompt` as shown, so it is never shown again. */
export function promptShownChanges(prompt: UserPrompt): Partial<ChromeSettings> {
  return { [PROMPT_DISMISSED_FLAGS[prompt]]: true }
}

/** Each prompt's dialog name, so a prompt can also be opened by the URL (?dialog=...). */
export const PROMPT_DIALOGS = {
  [UserPrompt.SIGN_UP]: 'sign-up-prompt',
  [UserPrompt.CHROME_RATING]: 'chrome-rating-prompt',
  [UserPrompt.UPGRADE_DEAL]: 'upgrade-deal-prompt',
  [UserPrompt.SPREAD_THE_WORD]: 'spread-the-word-prompt',
} as const satisfies Record<UserPrompt, DialogName>

/** The prompt a dialog name opens, if it is a prompt's. */
export function promptOfDialog(dialog: string | undefined): UserPrompt | undefined {
  const entry = Object.entries(PROMPT_DIALOGS).find(([, name]) => name === dialog)
  return entry?.[0] as UserPrompt | undefined
}
