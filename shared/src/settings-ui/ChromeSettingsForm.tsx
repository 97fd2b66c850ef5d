// The settings a person changes about highlighting, the sidebar, YouTube, prompts and the blacklist:
// one form for the web app's Settings view and the extension's options page (ADR 077), so the two
// never drift. It only shows the record it is given and hands each change to `save` at once; where
// the record lives (the web app's store, the background's through messages) is the caller's.
import { Button, ColorPicker, Switch } from '@inkmark/design'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { HIGHLIGHT_PALETTE, SOFT_HIGHLIGHT_PALETTE, highlightColorName } from '../domain/color'
import {
  HIGHLIGHTER_MODE_LABELS,
  HighlighterMode,
  type ChromeSettings,
} from '../domain/entities/chrome-settings'
import { SIDEBAR_MIN_WIDTH, SidebarAlignment, SidebarBehavior } from '../domain/sidebar-layout'
import {
  BACKUP_PROMPT_INTERVAL_CHOICES,
  MAX_SIDEBAR_WIDTH_SETTING,
  sidebarWidthSetting,
  type ChromeSettingsEdit,
} from '../domain/settings-edits'
import { BlacklistEditor } from './BlacklistEditor'
import { SETTINGS_SECTION_IDS, focusSectionOfHash } from './section-ids'
import { SETTINGS_FORM_CSS } from './settings-form-styles'

/**
 * The changes the form asks for: edits the store applies to the record as stored then (nested
 * options and blacklist entries one at a time, so quick edits in a row all stand).
 */
export type ChromeSettingsChanges = ChromeSettingsEdit

/** What the sections get: the record shown, and a setter of top-level fields and an editor. */
interface SectionProps {
  settings: ChromeSettings
  save: (changes: Partial<ChromeSettings>) => void
  edit: (edit: ChromeSettingsEdit) => void
}

/** Props of ChromeSettingsForm. */
export interface ChromeSettingsFormProps {
  settings: ChromeSettings
  /** Stores the changes (applied to the stored record); the form shows the record it is given next. */
  save: (changes: ChromeSettingsChanges) => void
  /** Whether the person's plan has advanced highlighting (Ultimate, free trial). */
  advancedHighlighting: boolean
  /** Where the person gets advanced highlighting (the plans page), shown when they lack it. */
  plansLink?: ReactNode
}

const ALIGNMENT_LABELS: Record<SidebarAlignment, string> = { left: 'Left', right: 'Right' }
const BEHAVIOR_LABELS: Record<SidebarBehavior, string> = {
  push: 'Push the page aside',
  overlay: 'Cover the page',
}

const COLOR_CHOICES = [...SOFT_HIGHLIGHT_PALETTE, ...HIGHLIGHT_PALETTE].map((value) => ({
  value,
  name: capitalize(highlightColorName(value)),
}))

/** Every chrome setting a person changes, in sections. */
export function ChromeSettingsForm({
  settings,
  save,
  advancedHighlighting,
  plansLink,
}: ChromeSettingsFormProps) {
  useEffect(() => focusSectionOfHash(), [])
  const set = (changes: Partial<ChromeSettings>) => save({ set: changes })
  return (
    <div className="chrome-settings-form">
      <style>{SETTINGS_FORM_CSS}</style>
      <HighlightingSection
        settings={settings}
        save={set}
        edit={save}
        advancedHighlighting={advancedHighlighting}
        plansLink={plansLink}
      />
      <SidebarSection settings={settings} save={set} edit={save} />
      <fieldset id={SETTINGS_SECTION_IDS.youtube} className="settings-section">
        <legend>YouTube</legend>
        <Switch
          isSelected={settings.youtubeOptions.enableAutoscrolling}
          onChange={(on) => save({ youtubeOptions: { enableAutoscrolling: on } })}
        >
          Scroll the transcript along with the video
        </Switch>
        <Switch
          isSelected={settings.youtubeOptions.enableStickyPlayer}
          onChange={(on) => save({ youtubeOptions: { enableStickyPlayer: on } })}
        >
          Keep the video in view while I read the transcript
        </Switch>
      </fieldset>
      <PromptsSection settings={settings} save={set} edit={save} />
      <BlacklistEditor ownList={settings.blacklistedUrls} edit={save} />
    </div>
  )
}

function HighlightingSection({
  settings,
  save,
  edit,
  advancedHighlighting,
  plansLink,
}: SectionProps & Pick<ChromeSettingsFormProps, 'advancedHighlighting' | 'plansLink'>) {
  const modeLabel = useId()
  const advancedChosen = settings.highlighterMode === HighlighterMode.EXPERT
  return (
    <fieldset id={SETTINGS_SECTION_IDS.highlighting} className="settings-section">
      <legend>Highlighting</legend>
      <Switch
        isSelected={settings.showMarkerPopup}
        onChange={(showMarkerPopup) => save({ showMarkerPopup })}
      >
        Show the colours when I select text (marker popup)
      </Switch>
      <Switch
        isSelected={settings.showToolboxAutomatically}
        onChange={(showToolboxAutomatically) => save({ showToolboxAutomatically })}
      >
        Open the note and tags toolbox after I highlight
      </Switch>
      <div role="radiogroup" aria-labelledby={modeLabel} className="settings-choice">
        <span id={modeLabel} className="field-label">
          Highlighter mode
        </span>
        {Object.values(HighlighterMode).map((mode) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name="highlighter-mode"
              value={mode}
              checked={settings.highlighterMode === mode}
              onChange={() => save({ highlighterMode: mode })}
            />
            {HIGHLIGHTER_MODE_LABELS[mode]}
          </label>
        ))}
      </div>
      <p className="settings-hint">
        Standard offers the soft colours and your recent ones. Advanced adds the strong colours
        everywhere you pick one, “Highlight and add note” in the marker popup, and makes a second
        highlight over an existing one change that highlight’s colour instead of adding another.
      </p>
      {advancedChosen && !advancedHighlighting ? (
        <p className="settings-hint" data-testid="advanced-plan-note">
          Advanced highlighting comes with Ultimate and the free trial; until then the highlighter
          works as Standard. {plansLink}
        </p>
      ) : null}
      <ColorPicker
        label="Default colour"
        colors={COLOR_CHOICES}
        value={settings.defaultHighlightColor}
        onChange={(defaultHighlightColor) => save({ defaultHighlightColor })}
      />
      <RecentColors settings={settings} save={save} edit={edit} />
    </fieldset>
  )
}

function RecentColors({ settings, save }: SectionProps) {
  const labelId = useId()
  const recent = settings.recentColors
  return (
    <div className="settings-recent-colors">
      <span id={labelId} className="field-label">
        Recent colours
      </span>
      {recent.length === 0 ? (
        <p className="settings-hint">
          No recent colours yet: the colours you highlight with appear here.
        </p>
      ) : (
        <ul aria-labelledby={labelId} className="settings-swatches">
          {recent.map((color) => (
            <li key={color} title={color}>
              <span className="settings-swatch" aria-hidden="true" style={{ background: color }} />
              <span className="ink-visually-hidden">{capitalize(highlightColorName(color))}</span>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        size="sm"
        isDisabled={recent.length === 0}
        onPress={() => save({ recentColors: [] })}
      >
        Clear recent colours
      </Button>
    </div>
  )
}

function SidebarSection({ settings, save, edit }: SectionProps) {
  const options = settings.sidebarOptions
  const ids = { width: useId(), widthHint: useId(), side: useId(), behavior: useId() }
  const [typed, setTyped] = useState(String(options.sidebarWidth))
  const [problem, setProblem] = useState('')
  useEffect(() => setTyped(String(options.sidebarWidth)), [options.sidebarWidth])

  function commitWidth() {
    const width = sidebarWidthSetting(Number.parseFloat(typed))
    if (width === null || typed.trim() === '') {
      setProblem(`Enter a width in pixels, ${SIDEBAR_MIN_WIDTH} or more.`)
      return
    }
    setProblem('')
    setTyped(String(width))
    if (width !== options.sidebarWidth) {
      edit({ sidebarOptions: { sidebarWidth: width } })
    }
  }

  return (
    <fieldset id={SETTINGS_SECTION_IDS.sidebar} className="settings-section">
      <legend>Sidebar</legend>
      <Switch
        isSelected={settings.showLeftSidebarWidget}
        onChange={(showLeftSidebarWidget) => save({ showLeftSidebarWidget })}
      >
        Show a button on the page’s edge that opens the sidebar
      </Switch>
      <label htmlFor={ids.width} className="field-label">
        Sidebar width (px)
      </label>
      <input
        id={ids.width}
        className="ink-input settings-number"
        type="number"
        inputMode="numeric"
        min={SIDEBAR_MIN_WIDTH}
        max={MAX_SIDEBAR_WIDTH_SETTING}
        step={10}
        value={typed}
        aria-describedby={ids.widthHint}
        aria-invalid={problem === '' ? undefined : true}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commitWidth}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            commitWidth()
          }
        }}
      />
      <p id={ids.widthHint} className="settings-hint">
        {problem === ''
          ? `At least ${SIDEBAR_MIN_WIDTH} px; on a page it is never wider than two thirds of the window.`
          : problem}
      </p>
      <div role="radiogroup" aria-labelledby={ids.side} className="settings-choice">
        <span id={ids.side} className="field-label">
          Sidebar side
        </span>
        {Object.values(SidebarAlignment).map((alignment) => (
          <label key={alignment} className="radio">
            <input
              type="radio"
              name="sidebar-alignment"
              value={alignment}
              checked={options.sidebarAlignment === alignment}
              onChange={() => edit({ sidebarOptions: { sidebarAlignment: alignment } })}
            />
            {ALIGNMENT_LABELS[alignment]}
          </label>
        ))}
      </div>
      <div role="radiogroup" aria-labelledby={ids.behavior} className="settings-choice">
        <span id={ids.behavior} className="field-label">
          When the sidebar opens
        </span>
        {Object.values(SidebarBehavior).map((behavior) => (
          <label key={behavior} className="radio">
            <input
              type="radio"
              name="sidebar-behavior"
              value={behavior}
              checked={options.sidebarBehavior === behavior}
              onChange={() => edit({ sidebarOptions: { sidebarBehavior: behavior } })}
            />
            {BEHAVIOR_LABELS[behavior]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function PromptsSection({ settings, save }: SectionProps) {
  const ids = { interval: useId(), download: useId() }
  const download = settings.autoDownloadPageContent
  return (
    <fieldset id={SETTINGS_SECTION_IDS.prompts} className="settings-section">
      <legend>Reminders and saved pages</legend>
      <Switch
        isSelected={settings.showLearningTeaser}
        onChange={(showLearningTeaser) => save({ showLearningTeaser })}
      >
        Remind me to learn my highlights
      </Switch>
      <Switch
        isSelected={settings.showBackupDialogPrompt}
        onChange={(showBackupDialogPrompt) => save({ showBackupDialogPrompt })}
      >
        Remind me to back up or sync
      </Switch>
      <label htmlFor={ids.interval} className="field-label">
        Remind me after this many unsynced changes
      </label>
      <select
        id={ids.interval}
        className="ink-native-select"
        disabled={!settings.showBackupDialogPrompt}
        value={String(settings.backupDialogPromptInterval)}
        onChange={(event) => save({ backupDialogPromptInterval: Number(event.target.value) })}
      >
        {intervalChoices(settings.backupDialogPromptInterval).map((count) => (
          <option key={count} value={String(count)}>
            {count}
          </option>
        ))}
      </select>
      <label htmlFor={ids.download} className="field-label">
        Save a page’s content when I highlight it
      </label>
      <select
        id={ids.download}
        className="ink-native-select"
        value={download === undefined ? 'ask' : download ? 'always' : 'never'}
        onChange={(event) => save({ autoDownloadPageContent: event.target.value === 'always' })}
      >
        {download === undefined ? <option value="ask">Ask me the first time</option> : null}
        <option value="always">Always</option>
        <option value="never">Never</option>
      </select>
      <p className="settings-hint">
        A saved page can be read offline and searched; it counts towards your storage.
      </p>
    </fieldset>
  )
}

/** The interval choices, with a stored value outside them kept (a backup or an older app). */
function intervalChoices(current: number): number[] {
  return BACKUP_PROMPT_INTERVAL_CHOICES.includes(current)
    ? [...BACKUP_PROMPT_INTERVAL_CHOICES]
    : [...BACKUP_PROMPT_INTERVAL_CHOICES, current].sort((a, b) => a - b)
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
