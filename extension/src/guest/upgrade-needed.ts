// Upgrade-needed in a page: when the plan refuses a feature (image highlighting, a YouTube video
// past the daily limit), Inkmark says so in its own closed shadow root (a toast, or the transcript
// panel's alert) with "See plans", which opens the web app's pricing page in a new tab. Nothing of
// it is put in the page's DOM; the link is ours (the build's web app address).
import { APP_PRICING_URL } from '../pages/app-url'
import { HIGHLIGHT_IMAGE } from './channels'

/** The message the background sends a tab when a menu action needs another plan. */
export const UPGRADE_NEEDED = 'inkmark:upgrade-needed'

/** The features the extension gates by plan, and what it says when one is refused. */
export const UPGRADE_NEEDED_TEXT = {
  'image-highlighting': 'Highlighting images is part of Ultimate and the free trial.',
  sharing: 'Sharing pages is part of Premium, Ultimate and the free trial.',
} as const
export type GatedFeature = keyof typeof UPGRADE_NEEDED_TEXT

/** The feature an upgrade-needed message names, or undefined for anything else. */
export function upgradeNeededFeature(message: unknown): GatedFeature | undefined {
  const { channel, feature } = (message ?? {}) as { channel?: unknown; feature?: unknown }
  return channel === UPGRADE_NEEDED &&
    typeof feature === 'string' &&
    Object.hasOwn(UPGRADE_NEEDED_TEXT, feature)
    ? (feature as GatedFeature)
    : undefined
}

/**
 * What the "Highlight image" menu item sends the tab: the highlight when the plan has image
 * highlighting, else the upgrade-needed notice (the guest call would refuse it anyway).
 */
export function imageMenuMessage(
  allowed: boolean,
  srcUrl: string,
): { channel: string; srcUrl: string } | { channel: string; feature: GatedFeature } {
  return allowed
    ? { channel: HIGHLIGHT_IMAGE, srcUrl }
    : { channel: UPGRADE_NEEDED, feature: 'image-highlighting' }
}

/** The "See plans" action: the web app's pricing page in a new tab, without an opener. */
export const SEE_PLANS = {
  label: 'See plans',
  run: (): void => {
    window.open(APP_PRICING_URL, '_blank', 'noopener,noreferrer')
  },
}
