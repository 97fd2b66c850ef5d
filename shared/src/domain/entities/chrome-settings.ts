// The user's extension and app settings, one synced record per user (store `chromesettings`).
// The schema fills every missing field with the spec's default, nested objects included, so a
// record written by an older client reads as complete; `createDefaultChromeSettings` is the same
// defaults for a new user.
import { z } from 'zod'
import { DEFAULT_HIGHLIGHT_COLOR } from '../color'
import {
  DEFAULT_SIDEBAR_ALIGNMENT,
  DEFAULT_SIDEBAR_BEHAVIOR,
  SIDEBAR_DEFAULT_WIDTH,
  SidebarAlignment,
  SidebarBehavior,
} from '../sidebar-layout'
import { DEFAULT_BACKUP_PROMPT_INTERVAL } from '../user-prompts'
import {
  DEFAULT_DESIRED_RETENTION,
  LearningSchedulerName,
  MAX_DESIRED_RETENTION,
  MIN_DESIRED_RETENTION,
} from './learning-item'
import { EntityIdSchema, EpochMillisSchema, syncFieldsShape, withoutUndefined } from './common'
import { ObjectStore } from './object-store'

/** How much of the highlighter is shown: BASIC (Standard) or EXPERT (Advanced). */
export const HighlighterMode = { BASIC: 'BASIC', EXPERT: 'EXPERT' } as const
export type HighlighterMode = (typeof HighlighterMode)[keyof typeof HighlighterMode]

/** Labels shown for each highlighter mode. */
export const HIGHLIGHTER_MODE_LABELS: Readonly<Record<HighlighterMode, string>> = {
  [HighlighterMode.BASIC]: 'Standard',
  [HighlighterMode.EXPERT]: 'Advanced',
}

/** The app's colour theme; system follows the operating system. */
export const PreferredColorMode = { LIGHT: 'light', DARK: 'dark', SYSTEM: 'system' } as const
export type PreferredColorMode = (typeof PreferredColorMode)[keyof typeof PreferredColorMode]

/**
 * Theme of a new user: the system's. The spec says both "dark color mode" (section 9 defaults) and
 * "Theme light or dark, following system by default" (section 4); issue 7 asks for the latter, and
 * a dark default would ignore a person's own system setting (ADR 006).
 */
export const DEFAULT_PREFERRED_COLOR_MODE: PreferredColorMode = PreferredColorMode.SYSTEM
/** Highlighter mode of a new user. */
export const DEFAULT_HIGHLIGHTER_MODE: HighlighterMode = HighlighterMode.BASIC
/** Whether the on/off switches (widget, popup, toolbox, backup prompt, teaser) start on. */
export const DEFAULT_FEATURE_SWITCH = true
/** Whether the YouTube transcript scrolls along with the video. */
export const DEFAULT_YOUTUBE_AUTOSCROLLING = true
/** Whether the YouTube player sticks to the viewport while reading the transcript. */
export const DEFAULT_YOUTUBE_STICKY_PLAYER = true
/** Whether a prompt starts dismissed. */
export const DEFAULT_PROMPT_DISMISSED = false

/** Scheduler of a new user: the spec's rules. */
export const DEFAULT_LEARNING_SCHEDULER: LearningSchedulerName = LearningSchedulerName.SPEC

/** Validates the sidebar options; missing ones take width 400, left, push. */
export const SidebarOptionsSchema = z.looseObject({
  sidebarWidth: z.number().positive().default(SIDEBAR_DEFAULT_WIDTH),
  sidebarAlignment: z.enum(SidebarAlignment).default(DEFAULT_SIDEBAR_ALIGNMENT),
  sidebarBehavior: z.enum(SidebarBehavior).default(DEFAULT_SIDEBAR_BEHAVIOR),
})
export type SidebarOptions = z.infer<typeof SidebarOptionsSchema>

/** Validates the YouTube options; both start on. */
export const YoutubeOptionsSchema = z.looseObject({
  enableAutoscrolling: z.boolean().default(DEFAULT_YOUTUBE_AUTOSCROLLING),
  enableStickyPlayer: z.boolean().default(DEFAULT_YOUTUBE_STICKY_PLAYER),
})
export type YoutubeOptions = z.infer<typeof YoutubeOptionsSchema>

/** One connected integration (e.g. notion) and its settings. */
export const IntegrationSettingsSchema = z.looseObject({
  id: z.string().min(1),
  settings: z.record(z.string(), z.unknown()).optional(),
})
export type IntegrationSettings = z.infer<typeof IntegrationSettingsSchema>

const featureSwitch = () => z.boolean().default(DEFAULT_FEATURE_SWITCH)
const promptDismissed = () => z.boolean().default(DEFAULT_PROMPT_DISMISSED)

/** Validates the settings record; every missing field takes the spec's default. */
export const ChromeSettingsSchema = z.looseObject({
  _id: EntityIdSchema,
  _objectStore: z.literal(ObjectStore.CHROME_SETTINGS).optional(),
  showLeftSidebarWidget: featureSwitch(),
  showMarkerPopup: featureSwitch(),
  showToolboxAutomatically: featureSwitch(),
  defaultHighlightColor: z.string().default(DEFAULT_HIGHLIGHT_COLOR),
  /** Most recent first, capped at MAX_RECENT_COLORS (see ../color addRecentColor). */
  recentColors: z.array(z.string()).default(() => []),
  blacklistedUrls: z.array(z.string()).default(() => []),
  integrations: z.array(IntegrationSettingsSchema).default(() => []),
  sidebarOptions: SidebarOptionsSchema.default(() => SidebarOptionsSchema.parse({})),
  preferredColorMode: z.enum(PreferredColorMode).default(DEFAULT_PREFERRED_COLOR_MODE),
  showBackupDialogPrompt: featureSwitch(),
  backupDialogPromptInterval: z.number().int().positive().default(DEFAULT_BACKUP_PROMPT_INTERVAL),
  dismissedBackupPromptIds: z.array(z.union([z.string(), z.number()])).default(() => []),
  /** Unset until the user answers the auto-download prompt. */
  autoDownloadPageContent: z.boolean().optional(),
  showLearningTeaser: featureSwitch(),
  lastTeaserClosedDateInMillis: EpochMillisSchema.optional(),
  /** The spec's scheduler by default; FSRS is the opt-in advanced scheduler (ADR 041). */
  learningScheduler: z.enum(LearningSchedulerName).default(DEFAULT_LEARNING_SCHEDULER),
  /** The share of reviews FSRS aims to have recalled, 0.70-0.97. */
  desiredRetention: z
    .number()
    .min(MIN_DESIRED_RETENTION)
    .max(MAX_DESIRED_RETENTION)
    .default(DEFAULT_DESIRED_RETENTION),
  notificationsLastOpenedAt: EpochMillisSchema.optional(),
  youtubeOptions: YoutubeOptionsSchema.default(() => YoutubeOptionsSchema.parse({})),
  highlighterMode: z.enum(HighlighterMode).default(DEFAULT_HIGHLIGHTER_MODE),
  chromeRatingPromptDismissed: promptDismissed(),
  upgradeDealPromptDismissed: promptDismissed(),
  signUpPromptDismissed: promptDismissed(),
  spreadTheWordPromptDismissed: promptDismissed(),
  /**
   * When a setting the browser's sync storage mirrors last changed (ADR 077). Kept apart from the
   * record's own stamps, which every highlight bumps (recent colours), so the mirror compares
   * against real settings changes only. Unset on records written before it existed.
   */
  mirroredSettingsChangedAt: EpochMillisSchema.optional(),
  createdAt: EpochMillisSchema.optional(),
  ...syncFieldsShape,
})
export type ChromeSettings = z.infer<typeof ChromeSettingsSchema>
/** What `createDefaultChromeSettings` accepts besides the id: any settings field. */
export type ChromeSettingsOverrides = Partial<z.input<typeof ChromeSettingsSchema>>

/** The settings of a new user: every spec default, plus any overrides. */
export function createDefaultChromeSettings(
  id: string,
  overrides: ChromeSettingsOverrides = {},
): ChromeSettings {
  return ChromeSettingsSchema.parse({
    _objectStore: ObjectStore.CHROME_SETTINGS,
    ...withoutUndefined(overrides),
    _id: id,
  })
}

/** The label shown for a highlighter mode: Standard or Advanced. */
export function highlighterModeLabel(mode: HighlighterMode): string {
  return HIGHLIGHTER_MODE_LABELS[mode]
}
