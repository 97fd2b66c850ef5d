// The /settings route's one parameter: which view is shown. With no view named, the spec's
// default view (settings) shows; a view outside the spec's list (a typo, an old link) falls back
// to the first view of the list rather than an error page.
import {
  DEFAULT_SETTINGS_VIEW,
  SETTINGS_VIEWS,
  isValidSettingsView,
  type SettingsView,
} from '@inkmark/shared'

/** The /settings route's search parameters; no view means the default one. */
export interface SettingsSearch {
  view?: SettingsView
}

/** The view named by `raw.view`, the first view when it is not in the list (kept out if none). */
export function parseSettingsSearch(raw: Record<string, unknown>): SettingsSearch {
  if (raw.view === undefined) {
    return {}
  }
  return { view: isValidSettingsView(raw.view) ? raw.view : SETTINGS_VIEWS[0] }
}

/** The view shown for the parameters: the spec's default view when none is named. */
export function settingsViewOf(search: SettingsSearch): SettingsView {
  return search.view ?? DEFAULT_SETTINGS_VIEW
}
