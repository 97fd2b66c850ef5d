// What the upgrade-needed dialog says for each gated feature: which plan includes it (the gates in
// shared plan.ts: canSync and canShare from Premium, hasUnlimitedFeatures on Ultimate), or which
// daily limit was reached.
import { CAPACITIES_DAILY_LIMIT_MESSAGE, NOTION_DAILY_LIMIT_MESSAGE } from '@inkmark/shared'

/** The features a plan gate can refuse. */
export type GatedFeature =
  | 'share'
  | 'image-highlighting'
  | 'unlimited-ai'
  | 'sync'
  | 'youtube'
  | 'notion-export'
  | 'capacities-export'

/** The dialog's title and sentence for a refused feature. */
export const UPGRADE_TEXTS: Readonly<Record<GatedFeature, { title: string; body: string }>> = {
  share: {
    title: 'Sharing needs Premium',
    body: 'Sharing pages and highlights by link is part of Premium and Ultimate.',
  },
  sync: {
    title: 'Sync needs Premium',
    body: 'Keeping your library in sync across your devices is part of Premium and Ultimate. Your changes stay on this device and sync as soon as your plan allows.',
  },
  'unlimited-ai': {
    title: 'Unlimited AI needs Ultimate',
    body: 'Ultimate has no daily limit on AI summaries and chat.',
  },
  youtube: {
    title: 'YouTube needs Ultimate',
    body: 'Transcripts, summaries and chat for YouTube videos are part of Ultimate.',
  },
  // The misc server refuses the export over the daily limit (402 daily_limit, ADR 067).
  'notion-export': {
    title: 'Daily limit of Notion exports reached',
    body: NOTION_DAILY_LIMIT_MESSAGE,
  },
  'capacities-export': {
    title: 'Daily limit of Capacities exports reached',
    body: CAPACITIES_DAILY_LIMIT_MESSAGE,
  },
  'image-highlighting': {
    title: 'Image highlighting needs Ultimate',
    body: 'Highlighting images is part of Ultimate.',
  },
}
