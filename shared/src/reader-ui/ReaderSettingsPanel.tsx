// The reader's settings: font size, layout width, line height and colour mode, each a native
// control with its label (keyboard and screen readers work as they do everywhere), and a reset to
// the spec's defaults. Escape closes the panel.
import {
  DEFAULT_READER_SETTINGS,
  ReaderColorMode,
  type ReaderSettings,
} from '../domain/entities/reader-settings'
import type { KeyboardEvent } from 'react'

const COLOR_MODE_LABELS: Record<ReaderColorMode, string> = {
  auto: 'Auto',
  light: 'Light',
  dark: 'Dark',
  sepia: 'Sepia',
  contrast: 'High contrast',
}

interface RangeSettingProps {
  id: string
  label: string
  value: number
  min: number
  max: number
  step: number
  unit?: string
  onChange: (value: number) => void
}

function RangeSetting({
  id,
  label,
  value,
  min,
  max,
  step,
  unit = '',
  onChange,
}: RangeSettingProps) {
  return (
    <div className="reader-setting">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      />
      <output htmlFor={id}>{`${value}${unit}`}</output>
    </div>
  )
}

export interface ReaderSettingsPanelProps {
  id: string
  /** The class of the reset button, in the app's own button style. */
  buttonClassName: string
  hidden: boolean
  settings: ReaderSettings
  onChange: (change: Partial<ReaderSettings>) => void
  onClose: () => void
}

/** The settings panel under the reader's bar. */
export function ReaderSettingsPanel({
  id,
  buttonClassName,
  hidden,
  settings,
  onChange,
  onClose,
}: ReaderSettingsPanelProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    }
  }
  return (
    <section
      id={id}
      className="reader-settings"
      aria-label="Reader settings"
      hidden={hidden}
      onKeyDown={onKeyDown}
    >
      <RangeSetting
        id="reader-font-size"
        label="Font size"
        value={settings.fontSize}
        min={12}
        max={40}
        step={1}
        unit="px"
        onChange={(fontSize) => onChange({ fontSize })}
      />
      <RangeSetting
        id="reader-layout-width"
        label="Layout width"
        value={settings.layoutWidth}
        min={400}
        max={1400}
        step={20}
        unit="px"
        onChange={(layoutWidth) => onChange({ layoutWidth })}
      />
      <RangeSetting
        id="reader-line-height"
        label="Line height"
        value={settings.lineHeight}
        min={1}
        max={2.6}
        step={0.1}
        onChange={(lineHeight) => onChange({ lineHeight: Math.round(lineHeight * 10) / 10 })}
      />
      <fieldset className="reader-modes">
        <legend>Colour mode</legend>
        {Object.values(ReaderColorMode).map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name="reader-color-mode"
              value={mode}
              checked={settings.colorMode === mode}
              onChange={() => onChange({ colorMode: mode })}
            />{' '}
            {COLOR_MODE_LABELS[mode]}
          </label>
        ))}
      </fieldset>
      <div>
        <button
          type="button"
          className={buttonClassName}
          onClick={() => onChange({ ...DEFAULT_READER_SETTINGS })}
        >
          Reset to defaults
        </button>
      </div>
    </section>
  )
}
