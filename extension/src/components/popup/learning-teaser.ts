// The popup's learning reminder (issue 14): the spec's teaser rule (shouldShowLearningTeaser:
// enabled, fewer than 10 learned today, cards remain, not closed today) over the background
// library's learning figures and the synced settings. "Today" is the person's local day, in the
// popup's clock and time zone; the figures come from the background's library.
import { shouldShowLearningTeaser, type ChromeSettings, type LearningStatus } from '@inkmark/shared'
import { callStore } from '../../pages/store-client'
import { INKMARK_APP_URL } from '../../pages/app-url'

/** The web app's learning screen, where "Learn now" leads. */
export const LEARNING_APP_URL = `${INKMARK_APP_URL}/learning`

/** What the teaser shows: how many cards today's session holds. */
export interface LearningTeaser {
  cardsToday: number
}

/** Minutes east of UTC on this device (UTC+2 is 120), as the learning rules take it. */
export function localTimeZoneOffsetMinutes(at: number): number {
  return -new Date(at).getTimezoneOffset()
}

/** The teaser to show now, or undefined when the spec's rule says it stays hidden. */
export function learningTeaserFor(
  status: Pick<LearningStatus, 'dueCount' | 'learnedToday' | 'sessionCardIds'>,
  settings: Pick<ChromeSettings, 'showLearningTeaser' | 'lastTeaserClosedDateInMillis'>,
  now: number,
  timeZoneOffsetMinutes = localTimeZoneOffsetMinutes(now),
): LearningTeaser | undefined {
  const shown = shouldShowLearningTeaser(
    {
      showLearningTeaser: settings.showLearningTeaser,
      lastTeaserClosedDateInMillis: settings.lastTeaserClosedDateInMillis,
      learnedToday: status.learnedToday,
      dueCount: status.dueCount,
      timeZoneOffsetMinutes,
    },
    now,
  )
  const cardsToday = status.sessionCardIds.length
  return shown && cardsToday > 0 ? { cardsToday } : undefined
}

/** Reads the figures and settings from the background's library and applies the rule. */
export async function loadLearningTeaser(): Promise<LearningTeaser | undefined> {
  const [status, settings] = await Promise.all([
    callStore('getLearningStatus'),
    callStore('getChromeSettings'),
  ])
  return learningTeaserFor(status, settings, Date.now())
}

/** Hides the teaser for the rest of today, in the synced settings (the spec's field). */
export async function closeLearningTeaser(): Promise<void> {
  await callStore('updateChromeSettings', { lastTeaserClosedDateInMillis: Date.now() })
}
