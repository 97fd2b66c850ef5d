// The options page's settings of highlighting, the sidebar, YouTube, reminders and the blacklist:
// the form the web app's Settings view shows too (@inkmark/shared/settings-ui, ADR 077), on the
// background's record. A change shows at once and goes to the background, which tells every open
// tab; the record read back after the background announces a change replaces the shown one.
import {
  applyChromeSettingsEdit,
  hasUnlimitedFeatures,
  Plan,
  type ChromeSettings,
} from '@inkmark/shared'
import { ChromeSettingsForm, type ChromeSettingsChanges } from '@inkmark/shared/settings-ui'
import { useEffect, useState } from 'react'
import { INKMARK_APP_URL } from '../../pages/app-url'
import { useSyncStatus } from '../../pages/session-client'
import { callStore } from '../../pages/store-client'
import { useLibraryQuery } from '../../pages/use-library'

export function ChromeSettingsSection() {
  const stored = useLibraryQuery(() => callStore('getChromeSettings'), 'chrome-settings')
  const [shown, setShown] = useState<ChromeSettings>()
  const [problem, setProblem] = useState('')
  const [syncState] = useSyncStatus()
  const status = syncState.kind === 'ready' ? syncState.status : undefined
  const plan = status?.plan ?? (status?.signedIn ? Plan.FREE : Plan.OFFLINE)

  useEffect(() => {
    if (stored.status === 'ready') {
      setShown(stored.value)
    }
  }, [stored])

  function save(changes: ChromeSettingsChanges) {
    setShown((current) =>
      current ? { ...current, ...applyChromeSettingsEdit(current, changes) } : current,
    )
    setProblem('')
    // The background applies the edit to the record as stored, not to the one shown here.
    callStore('editChromeSettings', changes).catch((error: unknown) =>
      setProblem(
        error instanceof Error
          ? `The change was not saved: ${error.message}`
          : 'The change was not saved. Please try again.',
      ),
    )
  }

  return (
    <section className="options-section" aria-labelledby="highlighting-settings-heading">
      <h2 id="highlighting-settings-heading">Highlighter and pages</h2>
      {stored.status === 'error' ? (
        <p className="options-problem" role="alert">
          {stored.error}
        </p>
      ) : null}
      {shown === undefined ? (
        stored.status === 'loading' ? (
          <p className="options-explain">Loading your settings…</p>
        ) : null
      ) : (
        <ChromeSettingsForm
          settings={shown}
          save={save}
          advancedHighlighting={hasUnlimitedFeatures(plan)}
          plansLink={
            <a
              href={`${INKMARK_APP_URL.replace(/\/$/, '')}/pricing`}
              target="_blank"
              rel="noreferrer"
            >
              See the plans
            </a>
          }
        />
      )}
      {problem === '' ? null : (
        <p className="options-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}
