// The Settings view's parts, importable as one module (the settings dialog, `?dialog=settings`,
// shows the same view; ADR 077).
export { GeneralSettingsView } from './GeneralSettingsView'
export { LearningSettingsSection } from './LearningSettingsSection'
export { AiSettingsSection } from './AiSettingsSection'
export { PrivacySection } from './PrivacySection'
export { SettingsPage } from './SettingsPage'
export {
  BLACKLIST_INPUT_ID,
  ChromeSettingsForm,
  SETTINGS_SECTION_IDS,
} from '@inkmark/shared/settings-ui'
