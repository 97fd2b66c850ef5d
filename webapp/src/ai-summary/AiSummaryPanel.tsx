// The AI summary of one page (spec section 3), on the page detail and in the reader: choose the
// type (Key Points, Headline, TL;DR, Teaser) and length, Summarize, and watch the text stream in
// while the status says what happens (getting ready, the model's download, summarizing). The saved
// summary shows with its type, length and date and can be made again. With no AI that can run, it
// says so with a link to the AI settings; with nothing of the page to summarize, it says what to
// do. The answer is markdown, rendered as React elements (../ai/Markdown.tsx), never as HTML.
import { Button, Select } from '@inkmark/design'
import {
  AI_SUMMARY_DAILY_LIMIT_MESSAGE,
  AiSummaryLength,
  AiSummaryStatus,
  AiSummaryType,
  DEFAULT_AI_SUMMARY_LENGTH,
  DEFAULT_AI_SUMMARY_TYPE,
  aiSummaryTypeLabel,
  type AiSummary,
  type Mark,
} from '@inkmark/shared'
import { useEffect, useId, useRef, useState } from 'react'
import { useAi } from '../ai/AiProviderContext'
import { AiDailyLimitDialog } from '../ai/AiDailyLimitDialog'
import { AiUnavailableNotice } from '../ai/AiSettingsLink'
import { Markdown } from '../ai/Markdown'
import { formatDate } from '../lib/format-date'
import { summarySourceLabel } from './summary-source'
import { useSummarySource } from './use-summary-source'
import { useSummaryRun, type SummaryRunState } from './use-summary-run'
import './ai-summary.css'

const TYPE_OPTIONS = Object.values(AiSummaryType).map((type) => ({
  id: type,
  label: aiSummaryTypeLabel(type),
}))

const LENGTH_LABELS: Record<AiSummaryLength, string> = {
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
}
const LENGTH_OPTIONS = Object.values(AiSummaryLength).map((length) => ({
  id: length,
  label: LENGTH_LABELS[length],
}))

/** Props of AiSummaryPanel. */
export interface AiSummaryPanelProps {
  bookmarkId: string
  url: string
  title?: string
  /** The saved summary of the bookmark, if any. */
  saved: AiSummary | undefined
  /** The page's highlights (the summary's text when nothing of the page is saved). */
  marks: readonly Mark[]
  /** Start a summary as soon as one can run, once, when none is saved (the free tools' `summarize=1`). */
  autoStart?: boolean
}

/** The AI summary panel of one page. */
export function AiSummaryPanel({
  bookmarkId,
  url,
  title,
  saved,
  marks,
  autoStart = false,
}: AiSummaryPanelProps) {
  const headingId = useId()
  const { provider, availability, unavailableMessage } = useAi()
  const source = useSummarySource(url, marks)
  const run = useSummaryRun(bookmarkId)
  const [type, setType] = useState<AiSummaryType>(saved?.type ?? DEFAULT_AI_SUMMARY_TYPE)
  const [length, setLength] = useState<AiSummaryLength>(saved?.length ?? DEFAULT_AI_SUMMARY_LENGTH)
  const showRun =
    run.state.status !== AiSummaryStatus.NONE && (run.running || run.state.text !== '')
  const canRun = provider !== undefined && availability !== 'unavailable' && source?.kind !== 'none'
  const autoStarted = useRef(false)
  const { start } = run

  useEffect(() => {
    if (
      !autoStart ||
      autoStarted.current ||
      saved !== undefined ||
      !canRun ||
      availability === 'checking' ||
      source === undefined
    ) {
      return
    }
    autoStarted.current = true
    start({ text: source.text, ...(title ? { title } : {}), type, length })
  }, [autoStart, saved, canRun, availability, source, title, type, length, start])

  return (
    <section className="ai-summary" aria-labelledby={headingId} data-status={run.state.status}>
      <h2 id={headingId}>AI summary</h2>
      {source?.kind === 'none' && (
        <p className="ai-summary-empty">
          Nothing to summarize yet: highlight passages of this page, or save its content (Settings,
          Saved documents) and open it with the extension.
        </p>
      )}
      {source !== undefined && source.kind !== 'none' && unavailableMessage !== undefined && (
        <AiUnavailableNotice message={unavailableMessage} />
      )}
      {canRun && source !== undefined && (
        <div className="ai-summary-controls">
          <Select
            label="Summary type"
            options={TYPE_OPTIONS}
            selectedKey={type}
            onSelectionChange={(id) => setType(id as AiSummaryType)}
            isDisabled={run.running}
          />
          <Select
            label="Length"
            options={LENGTH_OPTIONS}
            selectedKey={length}
            onSelectionChange={(id) => setLength(id as AiSummaryLength)}
            isDisabled={run.running}
          />
          {run.running ? (
            <Button onPress={run.stop}>Stop</Button>
          ) : (
            <Button
              variant="primary"
              isDisabled={availability === 'checking'}
              onPress={() =>
                run.start({ text: source.text, ...(title ? { title } : {}), type, length })
              }
            >
              {saved === undefined ? 'Summarize' : 'Summarize again'}
            </Button>
          )}
        </div>
      )}
      {canRun && availability === 'downloadable' && !run.running && (
        <p className="ai-summary-source">
          The first summary downloads the browser&apos;s AI model, once.
        </p>
      )}
      <SummaryStatusLine state={run.state} />
      {showRun && run.state.status !== AiSummaryStatus.COMPLETE ? (
        <div className="ai-summary-text" aria-busy={run.running}>
          <Markdown text={run.state.text} />
        </div>
      ) : (
        saved !== undefined && <SavedSummary summary={saved} />
      )}
      {source !== undefined && source.kind !== 'none' && (
        <p className="ai-summary-source">{summarySourceLabel(source.kind, marks.length)}</p>
      )}
      <AiDailyLimitDialog
        message={AI_SUMMARY_DAILY_LIMIT_MESSAGE}
        isOpen={run.limitReached}
        onClose={run.closeLimit}
      />
    </section>
  )
}

function SavedSummary({ summary }: { summary: AiSummary }) {
  return (
    <div className="ai-summary-saved">
      <p className="ai-summary-meta">
        {aiSummaryTypeLabel(summary.type)} · {LENGTH_LABELS[summary.length]} ·{' '}
        {formatDate(summary.createdAt)}
      </p>
      <div className="ai-summary-text">
        <Markdown text={summary.text} />
      </div>
    </div>
  )
}

/** What the run is doing, announced politely. */
function SummaryStatusLine({ state }: { state: SummaryRunState }) {
  const percent =
    state.downloadProgress === undefined ? undefined : Math.round(state.downloadProgress * 100)
  return (
    <div className="ai-summary-status" role="status">
      {state.status === AiSummaryStatus.SETUP &&
        (percent === undefined ? (
          <p>Getting the AI ready…</p>
        ) : (
          <label>
            Downloading the AI model: {percent}%
            <progress max={100} value={percent} />
          </label>
        ))}
      {state.status === AiSummaryStatus.SUMMARIZING && <p>Summarizing…</p>}
      {state.status === AiSummaryStatus.COMPLETE && <p>Summary saved.</p>}
      {state.status === AiSummaryStatus.FAILED && <p>The summary failed: nothing was saved.</p>}
      {state.status === AiSummaryStatus.NONE && state.stopped && (
        <p>Summary stopped: nothing was saved.</p>
      )}
    </div>
  )
}
