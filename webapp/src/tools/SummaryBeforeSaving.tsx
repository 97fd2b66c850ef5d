// The AI summary's place for a page the free tools show but the library does not hold yet
// (docs/adr/075): a summary is kept on the page's bookmark (ADR 048), so `summarize=1` saves the page
// (with the text the summary is made from) once an AI provider can run, and the summary panel then
// takes over. Without one, only the set-up guidance shows and nothing is saved.
import { useEffect, useId, useRef } from 'react'
import { useAi } from '../ai/AiProviderContext'
import { AiUnavailableNotice } from '../ai/AiSettingsLink'
import { useToast } from '../components/Toasts'

/** Props of SummaryBeforeSaving. */
export interface SummaryBeforeSavingProps {
  /** Saves the page; resolves with the store's reason when its text was not saved. */
  keep: () => Promise<string | undefined>
  /** What is saved, for the status line: 'page' or 'video'. */
  noun: 'page' | 'video'
}

/** The summary's heading with the guidance, or the page being saved for its summary. */
export function SummaryBeforeSaving({ keep, noun }: SummaryBeforeSavingProps) {
  const headingId = useId()
  const { showToast } = useToast()
  const { availability, unavailableMessage } = useAi()
  const started = useRef(false)
  const canRun = availability !== 'checking' && unavailableMessage === undefined

  useEffect(() => {
    if (!canRun || started.current) {
      return
    }
    started.current = true
    keep()
      .then((refusal) => {
        if (refusal !== undefined) {
          showToast({ kind: 'warning', message: refusal })
        }
      })
      .catch((error: unknown) =>
        showToast({
          kind: 'error',
          message: error instanceof Error ? error.message : `The ${noun} could not be saved.`,
        }),
      )
  }, [canRun, keep, noun, showToast])

  return (
    <section className="ai-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>AI summary</h2>
      {availability === 'checking' && <p role="status">Checking the AI settings…</p>}
      {availability !== 'checking' && unavailableMessage !== undefined && (
        <AiUnavailableNotice message={unavailableMessage} />
      )}
      {canRun && (
        <p role="status">Saving the {noun} to your library: its summary is kept with it…</p>
      )}
    </section>
  )
}
