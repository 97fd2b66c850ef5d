// The AI summary's place for a page the free tools show but the library does not hold yet
// (docs/adr/075): a summary is kept on the page's bookmark (ADR 048), so `summarize=1` offers to save
// the page (with the text the summary is made from) and summarize it, and the summary panel then
// takes over. Only on the person's click: a link from anywhere can carry `summarize=1`, and must not
// save a page to their library or spend their AI endpoint on its own. Without an AI provider, only
// the set-up guidance shows and nothing is saved.
import { Button } from '@inkmark/design'
import { useId, useState } from 'react'
import { useAi } from '../ai/AiProviderContext'
import { AiUnavailableNotice } from '../ai/AiSettingsLink'
import { useToast } from '../components/Toasts'

/** Props of SummaryBeforeSaving. */
export interface SummaryBeforeSavingProps {
  /** Saves the page; resolves with the store's reason when its text was not saved. */
  keep: () => Promise<string | undefined>
  /** What is saved, for the status line: 'page' or 'video'. */
  noun: 'page' | 'video'
  /** Called when the person asks for the summary, before the page is saved. */
  onAsk: () => void
}

/** The summary's heading with the guidance, or the page being saved for its summary. */
export function SummaryBeforeSaving({ keep, noun, onAsk }: SummaryBeforeSavingProps) {
  const headingId = useId()
  const { showToast } = useToast()
  const { availability, unavailableMessage } = useAi()
  const [saving, setSaving] = useState(false)
  const canRun = availability !== 'checking' && unavailableMessage === undefined

  const saveAndSummarize = () => {
    setSaving(true)
    onAsk()
    keep()
      .then((refusal) => {
        if (refusal !== undefined) {
          showToast({ kind: 'warning', message: refusal })
        }
      })
      .catch((error: unknown) => {
        setSaving(false)
        showToast({
          kind: 'error',
          message: error instanceof Error ? error.message : `The ${noun} could not be saved.`,
        })
      })
  }

  return (
    <section className="ai-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>AI summary</h2>
      {availability === 'checking' && <p role="status">Checking the AI settings…</p>}
      {availability !== 'checking' && unavailableMessage !== undefined && (
        <AiUnavailableNotice message={unavailableMessage} />
      )}
      {canRun && !saving && (
        <>
          <p>The summary is kept with the {noun}, so summarizing saves it to your library first.</p>
          <Button variant="primary" onPress={saveAndSummarize}>
            Save and summarize
          </Button>
        </>
      )}
      {canRun && saving && (
        <p role="status">Saving the {noun} to your library: its summary is kept with it…</p>
      )}
    </section>
  )
}
