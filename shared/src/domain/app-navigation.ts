// Names the web app's addressable places (settings views, dialogs, list parameters) and the
// keyboard commands, with the validation rules the spec gives for them.

/** The settings views, in the order the spec lists them. */
export const SETTINGS_VIEWS = [
  'account',
  'settings',
  'backup',
  'billing',
  'notifications',
  'integrations',
  'documents',
] as const
export type SettingsView = (typeof SETTINGS_VIEWS)[number]

/** The settings view opened when none is named. */
export const DEFAULT_SETTINGS_VIEW: SettingsView = 'settings'

const SETTINGS_VIEW_LABELS: Record<SettingsView, string> = {
  account: 'Account',
  settings: 'Settings',
  backup: 'Backup',
  billing: 'Upgrade & Billing',
  notifications: 'Notifications',
  integrations: 'Integrations',
  documents: 'Saved documents',
}

/** A settings view is valid only if it is in the list of views. */
export function isValidSettingsView(view: unknown): view is SettingsView {
  return typeof view === 'string' && (SETTINGS_VIEWS as readonly string[]).includes(view)
}

/** The label shown for a settings view. */
export function settingsViewLabel(view: SettingsView): string {
  return SETTINGS_VIEW_LABELS[view]
}

/** The dialogs of the web app, addressable by these names. */
export const DIALOGS = [
  'pricing',
  'loading',
  'datetimepicker',
  'bookmark-details',
  'chrome-rating-prompt',
  'upgrade-deal-prompt',
  'sign-up-prompt',
  'notifications-list',
  'auth',
  'upgrade-needed',
  'search',
  'settings',
  'image-viewer',
  'discover-feed-info',
  'backup-or-sync-prompt',
  'learning-dashboard',
  'learning-reminder',
  'page-content-preview',
  'auto-download-prompt',
  'delete-entity-list',
  'spread-the-word-prompt',
  'add-content',
  'create-bookmark',
  'youtube-loading',
] as const
export type DialogName = (typeof DIALOGS)[number]

/** Whether `name` is one of the web app's dialogs. */
export function isDialogName(name: unknown): name is DialogName {
  return typeof name === 'string' && (DIALOGS as readonly string[]).includes(name)
}

/** The keyboard commands and their default shortcuts. */
export const DEFAULT_SHORTCUTS = {
  highlightText: 'Alt+S',
  highlightWithLastFormat: 'Alt+A',
  toggleSidebar: 'Alt+W',
  bookmarkPage: 'Alt+B',
  openInReader: 'Alt+R',
} as const
export type CommandName = keyof typeof DEFAULT_SHORTCUTS

/** Sort keys of lists; sorting is ascending or descending. */
export const SORT_KEYS = ['createdAt', 'modifiedAt', 'openedAt', 'updatedAt'] as const
export type SortKey = (typeof SORT_KEYS)[number]
/** Lists sort ascending or descending. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]

/** Lists start at page 1 (the step is unlimited by default). */
export const DEFAULT_PAGE = 1
/** The grid loads this many more items at a time. */
export const GRID_PAGINATION_STEP = 50
