// Which nudge (sign up, rate, upgrade, spread the word, back up) to show, and when. The rules are
// counts and flags only, so they live here and the extension and web app just render the answer.
// The interval between prompts and the tie-breaks are decided in
// docs/adr/003-plan-and-prompt-rules.md.

/** The prompts shown as the bookmark count grows, in the order of the sequence. */
export const UserPrompt = {
  SIGN_UP: 'signUp',
  CHROME_RATING: 'chromeRating',
  UPGRADE_DEAL: 'upgradeDeal',
  SPREAD_THE_WORD: 'spreadTheWord',
} as const
export type UserPrompt = (typeof UserPrompt)[keyof typeof UserPrompt]

/** The bookmark count from which each prompt may show: 4, 12, 20 and 30. */
export const PROMPT_THRESHOLDS: Readonly<Record<UserPrompt, number>> = {
  [UserPrompt.SIGN_UP]: 4,
  [UserPrompt.CHROME_RATING]: 12,
  [UserPrompt.UPGRADE_DEAL]: 20,
  [UserPrompt.SPREAD_THE_WORD]: 30,
}

/** The stored flag that records each prompt as shown (so it is shown once). */
export const PROMPT_DISMISSED_FLAGS = {
  [UserPrompt.SIGN_UP]: 'signUpPromptDismissed',
  [UserPrompt.CHROME_RATING]: 'chromeRatingPromptDismissed',
  [UserPrompt.UPGRADE_DEAL]: 'upgradeDealPromptDismissed',
  [UserPrompt.SPREAD_THE_WORD]: 'spreadTheWordPromptDismissed',
} as const

/** A prompt appears after this delay, in milliseconds. */
export const PROMPT_DELAY_MS = 250

/** No prompt shows within this long after another one was shown (24 hours). */
export const MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS = 24 * 60 * 60 * 1000

/** The default number of pending items between backup prompts (backupDialogPromptInterval). */
export const DEFAULT_BACKUP_PROMPT_INTERVAL = 100

/** The facts that decide the next bookmark-count prompt. */
export interface UserPromptState {
  bookmarkCount: number
  isSignedIn: boolean
  isPaidPlan: boolean
  signUpPromptDismissed: boolean
  chromeRatingPromptDismissed: boolean
  upgradeDealPromptDismissed: boolean
  spreadTheWordPromptDismissed: boolean
  lastUserPromptShownAtInMillis?: number
}

const PROMPT_SEQUENCE: readonly UserPrompt[] = [
  UserPrompt.SIGN_UP,
  UserPrompt.CHROME_RATING,
  UserPrompt.UPGRADE_DEAL,
  UserPrompt.SPREAD_THE_WORD,
]

function isEligible(prompt: UserPrompt, state: UserPromptState): boolean {
  if (state.bookmarkCount < PROMPT_THRESHOLDS[prompt] || state[PROMPT_DISMISSED_FLAGS[prompt]]) {
    return false
  }
  if (prompt === UserPrompt.SIGN_UP) {
    return !state.isSignedIn
  }
  if (prompt === UserPrompt.UPGRADE_DEAL) {
    return !state.isPaidPlan
  }
  return true
}

/** Whether another prompt was shown less than the minimum interval before `now`. */
export function isWithinPromptInterval(
  lastShownAtInMillis: number | undefined,
  now: number,
): boolean {
  if (lastShownAtInMillis === undefined) {
    return false
  }
  const elapsed = now - lastShownAtInMillis
  // A time in the future (the clock moved back) must not silence prompts until it is reached.
  return elapsed >= 0 && elapsed < MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS
}

/** The prompt to show now, or null; the earliest eligible prompt of the sequence wins. */
export function nextUserPrompt(state: UserPromptState, now: number): UserPrompt | null {
  if (isWithinPromptInterval(state.lastUserPromptShownAtInMillis, now)) {
    return null
  }
  return PROMPT_SEQUENCE.find((prompt) => isEligible(prompt, state)) ?? null
}

/** Whether to show the backup prompt: pending items reached the interval and are a multiple of it. */
export function shouldShowBackupPrompt(
  pendingCount: number,
  interval: number = DEFAULT_BACKUP_PROMPT_INTERVAL,
): boolean {
  if (!Number.isFinite(interval) || interval <= 0 || !Number.isInteger(pendingCount)) {
    return false
  }
  return pendingCount >= interval && pendingCount % interval === 0
}

/** From this many entities awaiting sync the backup prompt shows even off the interval's steps. */
export const BACKUP_PROMPT_PENDING_FLOOR = 100

/** What decides the backup-or-sync prompt (chrome settings and the count of pending entities). */
export interface BackupPromptState {
  /** Entities that await sync (never synced, or changed since their last sync). */
  pendingCount: number
  /** chromesettings.backupDialogPromptInterval. */
  interval: number
  /** chromesettings.showBackupDialogPrompt. */
  showBackupDialogPrompt: boolean
  /** chromesettings.dismissedBackupPromptIds: the steps already shown. */
  dismissedBackupPromptIds: readonly (string | number)[]
}

/**
 * The step of the backup prompt that `pendingCount` has reached, or null: the largest multiple of
 * the interval at or below the count, or, when the count is 100 or more but under the interval,
 * the floor step 100. A count that jumps past a multiple (an import) still reaches its step
 * (docs/adr/079-remaining-dialogs.md).
 */
export function backupPromptStep(pendingCount: number, interval: number): number | null {
  if (!Number.isFinite(interval) || interval <= 0 || !Number.isInteger(pendingCount)) {
    return null
  }
  if (pendingCount >= interval) {
    return Math.floor(pendingCount / interval) * interval
  }
  return pendingCount >= BACKUP_PROMPT_PENDING_FLOOR ? BACKUP_PROMPT_PENDING_FLOOR : null
}

/**
 * The id of the backup prompt to show now, or null: the spec's rule (pending items reached the
 * interval and are an exact multiple of it, or 100 or more await sync), shown once per step (its id
 * joins dismissedBackupPromptIds), never when showBackupDialogPrompt is off.
 */
export function dueBackupPromptId(state: BackupPromptState): string | null {
  if (!state.showBackupDialogPrompt) {
    return null
  }
  const due =
    shouldShowBackupPrompt(state.pendingCount, state.interval) ||
    state.pendingCount >= BACKUP_PROMPT_PENDING_FLOOR
  const step = due ? backupPromptStep(state.pendingCount, state.interval) : null
  if (step === null) {
    return null
  }
  const id = backupPromptId(step)
  return state.dismissedBackupPromptIds.some((dismissed) => String(dismissed) === id) ? null : id
}

/** The stored id of a backup prompt step (the step's count, as text). */
export function backupPromptId(step: number): string {
  return String(step)
}
