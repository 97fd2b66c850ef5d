// The options page's privacy section: this device's "Send anonymous usage counts" switch (on
// unless turned off; kept by the background, service/usage-counts.ts), with what it sends and what
// it never sends, in the web app's words.
import { Switch } from '@inkmark/design'
import { useEffect, useState } from 'react'
import { loadUsageCounts, saveUsageCounts } from '../../pages/session-client'

export function PrivacySection() {
  const [enabled, setEnabled] = useState<boolean | undefined>()
  const [problem, setProblem] = useState('')
  useEffect(() => {
    loadUsageCounts().then(setEnabled, (error: unknown) =>
      setProblem(
        error instanceof Error ? error.message : 'Inkmark is not ready. Please try again.',
      ),
    )
  }, [])
  return (
    <section className="options-section" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">Privacy</h2>
      <p className="options-explain">
        This browser sends counts of what is done in Inkmark (such as “3 highlights created today”)
        to the server you are signed in to, so we know which features are used; never your pages,
        addresses, notes or who you are. Nothing is sent while you are signed out.
      </p>
      {enabled === undefined ? null : (
        <Switch
          isSelected={enabled}
          onChange={(on) => {
            setProblem('')
            saveUsageCounts(on).then(setEnabled, (error: unknown) =>
              setProblem(error instanceof Error ? error.message : 'Could not save. Try again.'),
            )
          }}
        >
          Send anonymous usage counts
        </Switch>
      )}
      {problem ? (
        <p className="options-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  )
}
