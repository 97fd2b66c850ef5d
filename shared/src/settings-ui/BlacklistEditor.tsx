// The blacklist section of the settings form (#blacklist): the person's own sites, each removable,
// a field to add one (checked by checkBlacklistEntry, the reason shown when refused and the typed
// text kept), and Inkmark's built-in list by category, read-only.
import { Button } from '@inkmark/design'
import { useId, useState, type FormEvent } from 'react'
import {
  DEFAULT_BLACKLIST,
  DEFAULT_BLACKLIST_BY_CATEGORY,
  type BlacklistCategory,
} from '../domain/blacklist'
import { checkBlacklistEntry, type ChromeSettingsEdit } from '../domain/settings-edits'
import { BLACKLIST_INPUT_ID, SETTINGS_SECTION_IDS } from './section-ids'

/** Props of BlacklistEditor. */
export interface BlacklistEditorProps {
  /** The person's own entries (chrome settings' blacklistedUrls). */
  ownList: readonly string[]
  /** Adds or removes an entry on the list as stored (not as rendered: quick edits all stand). */
  edit: (edit: ChromeSettingsEdit) => void
}

const CATEGORY_LABELS: Record<BlacklistCategory, string> = {
  SEARCH: 'Search engines',
  DOCS: 'Documents and office apps',
  MAIL: 'Mail',
  CALENDAR: 'Calendars',
  PAYMENT: 'Payments and banks',
  CHAT: 'Chat and meetings',
  ADULT: 'Adult sites',
}

/** The blacklist: own entries to add and remove, the built-in ones to read. */
export function BlacklistEditor({ ownList, edit }: BlacklistEditorProps) {
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState('')
  const [status, setStatus] = useState('')
  const ids = { hint: useId(), problem: useId(), own: useId() }

  function add(event: FormEvent) {
    event.preventDefault()
    const check = checkBlacklistEntry(typed, ownList)
    if (!check.ok) {
      setProblem(check.error)
      setStatus('')
      return
    }
    edit({ addBlacklistEntry: check.entry })
    setProblem('')
    setTyped('')
    setStatus(`${check.entry} added: Inkmark no longer highlights there.`)
  }

  function remove(entry: string) {
    edit({ removeBlacklistEntry: entry })
    setStatus(`${entry} removed: Inkmark highlights there again.`)
    document.getElementById(BLACKLIST_INPUT_ID)?.focus()
  }

  return (
    <fieldset id={SETTINGS_SECTION_IDS.blacklist} className="settings-section">
      <legend>Sites where Inkmark does not highlight</legend>
      <p className="settings-hint">
        On these sites the highlighter stays off: no marker popup, no highlights painted, nothing of
        the page read.
      </p>
      <span id={ids.own} className="field-label">
        Your sites
      </span>
      {ownList.length === 0 ? (
        <p className="settings-hint">You have not added any sites.</p>
      ) : (
        <ul className="blacklist-own" aria-labelledby={ids.own}>
          {ownList.map((entry) => (
            <li key={entry}>
              <code>{entry}</code>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${entry}`}
                onPress={() => remove(entry)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="blacklist-add" onSubmit={add} noValidate>
        <div>
          <label htmlFor={BLACKLIST_INPUT_ID} className="field-label">
            Add a site
          </label>
          <input
            id={BLACKLIST_INPUT_ID}
            className="ink-input"
            type="text"
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            placeholder="example.com"
            value={typed}
            aria-invalid={problem === '' ? undefined : true}
            aria-describedby={problem === '' ? ids.hint : `${ids.problem} ${ids.hint}`}
            onChange={(event) => {
              setTyped(event.target.value)
              setProblem('')
            }}
          />
        </div>
        <Button type="submit" variant="secondary">
          Add site
        </Button>
      </form>
      {problem === '' ? null : (
        <p id={ids.problem} className="settings-problem" role="alert">
          {problem}
        </p>
      )}
      <p id={ids.hint} className="settings-hint">
        A site (example.com, with its subdomains), an address and everything under it
        (example.com/private) or a pattern with * (*://*.example.com/*).
      </p>
      <p className="settings-hint" role="status">
        {status}
      </p>
      <details className="blacklist-builtin">
        <summary>Inkmark’s built-in list ({DEFAULT_BLACKLIST.length} patterns, always on)</summary>
        {(Object.keys(DEFAULT_BLACKLIST_BY_CATEGORY) as BlacklistCategory[]).map((category) => (
          <div key={category}>
            <span className="field-label">{CATEGORY_LABELS[category]}</span>
            <ul>
              {DEFAULT_BLACKLIST_BY_CATEGORY[category].map((pattern) => (
                <li key={pattern}>
                  <code>{pattern}</code>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </details>
    </fieldset>
  )
}
