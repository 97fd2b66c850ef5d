// The Settings view: colour mode (applied at once by ColorModeSync), the highlighter, sidebar,
// YouTube, reminders and blacklist settings (the form shared with the extension's options page,
// @inkmark/shared/settings-ui, ADR 077), the reader's defaults, learning (LearningSettingsSection)
// and AI (AiSettingsSection). Every change is saved straight away with store.updateChromeSettings,
// except AI's, which stay on this device; the reader defaults go under their own stored names
// (readerFontSize, ...) on the same record. The extension hears the change through the library
// bridge and open tabs apply it at once.
import {
  Plan,
  PreferredColorMode,
  READER_SETTINGS_STORAGE_KEYS,
  ReaderColorMode,
  hasUnlimitedFeatures,
  readerSettingsWithDefaults,
  type ChromeSettings,
  type ReaderSettingsInput,
} from '@inkmark/shared'
import { ChromeSettingsForm } from '@inkmark/shared/settings-ui'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useSession } from '../account/SessionProvider'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { AiSettingsSection } from './AiSettingsSection'
import { LearningSettingsSection } from './LearningSettingsSection'
import { PrivacySection } from './PrivacySection'

const COLOR_MODE_LABELS: Record<PreferredColorMode, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
}

const READER_COLOR_MODE_LABELS: Record<ReaderColorMode, string> = {
  auto: 'Automatic',
  light: 'Light',
  dark: 'Dark',
  sepia: 'Sepia',
  contrast: 'High contrast',
}

/** The Settings view. */
export function GeneralSettingsView() {
  const store = useLocalStore()
  const { session } = useSession()
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])
  const reader = readerSettingsWithDefaults(readerValuesOf(settings))
  const ids = { font: useId(), width: useId(), line: useId(), readerMode: useId() }

  function save(changes: Partial<ChromeSettings>) {
    void store.updateChromeSettings(changes)
  }

  function saveReader(key: keyof typeof READER_SETTINGS_STORAGE_KEYS, value: number | string) {
    save({ [READER_SETTINGS_STORAGE_KEYS[key]]: value })
  }

  return (
    <div className="settings-sections">
      <fieldset>
        <legend>Colour mode</legend>
        {Object.values(PreferredColorMode).map((mode) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name="color-mode"
              value={mode}
              checked={settings.preferredColorMode === mode}
              onChange={() => save({ preferredColorMode: mode })}
            />
            {COLOR_MODE_LABELS[mode]}
          </label>
        ))}
      </fieldset>
      <ChromeSettingsForm
        settings={settings}
        save={(edit) => void store.editChromeSettings(edit)}
        advancedHighlighting={hasUnlimitedFeatures(session?.plan ?? Plan.OFFLINE)}
        plansLink={<Link to="/pricing">See the plans</Link>}
      />
      <fieldset>
        <legend>Reader defaults</legend>
        <label htmlFor={ids.font} className="field-label">
          Font size (px)
        </label>
        <input
          id={ids.font}
          type="number"
          min={10}
          max={48}
          value={reader.fontSize}
          onChange={(event) => saveReader('fontSize', event.target.valueAsNumber)}
        />
        <label htmlFor={ids.width} className="field-label">
          Text width (px)
        </label>
        <input
          id={ids.width}
          type="number"
          min={300}
          max={2000}
          step={10}
          value={reader.layoutWidth}
          onChange={(event) => saveReader('layoutWidth', event.target.valueAsNumber)}
        />
        <label htmlFor={ids.line} className="field-label">
          Line height
        </label>
        <input
          id={ids.line}
          type="number"
          min={1}
          max={3}
          step={0.1}
          value={reader.lineHeight}
          onChange={(event) => saveReader('lineHeight', event.target.valueAsNumber)}
        />
        <label htmlFor={ids.readerMode} className="field-label">
          Reader colours
        </label>
        <select
          id={ids.readerMode}
          value={reader.colorMode}
          onChange={(event) => saveReader('colorMode', event.target.value)}
        >
          {Object.values(ReaderColorMode).map((mode) => (
            <option key={mode} value={mode}>
              {READER_COLOR_MODE_LABELS[mode]}
            </option>
          ))}
        </select>
      </fieldset>
      <LearningSettingsSection />
      <AiSettingsSection />
      <PrivacySection />
    </div>
  )
}

function readerValuesOf(settings: ChromeSettings): ReaderSettingsInput {
  const stored = settings as Record<string, unknown>
  return {
    fontSize: stored[READER_SETTINGS_STORAGE_KEYS.fontSize],
    layoutWidth: stored[READER_SETTINGS_STORAGE_KEYS.layoutWidth],
    lineHeight: stored[READER_SETTINGS_STORAGE_KEYS.lineHeight],
    colorMode: stored[READER_SETTINGS_STORAGE_KEYS.colorMode],
  }
}
