// `@inkmark/shared/settings-ui`: the settings form of the web app's Settings view and the
// extension's options page, one copy (ADR 077). Apart from the main entry so that what has no
// React (the relay, the background, content scripts) never loads it; React is the apps' own.
export { ChromeSettingsForm } from './ChromeSettingsForm'
export type { ChromeSettingsChanges, ChromeSettingsFormProps } from './ChromeSettingsForm'
export { BlacklistEditor } from './BlacklistEditor'
export type { BlacklistEditorProps } from './BlacklistEditor'
export { BLACKLIST_INPUT_ID, SETTINGS_SECTION_IDS, focusSectionOfHash } from './section-ids'
export { SETTINGS_FORM_CSS } from './settings-form-styles'
