// An AI summary of the page, in the sidebar and the reader: type and length, the text streaming
// in, the status none -> setup (with the model's download progress) -> summarizing -> complete,
// and only a complete summary saved on the page's bookmark through the background (so it syncs).
// A failure shows the spec's toast and saves nothing; the daily limit shows its popup first.
import { Button, Select, type ToastQueue } from '@inkmark/design'
import {
  AI_SUMMARY_DAILY_LIMIT_MESSAGE,
  AI_SUMMARY_TYPE_LABELS,
  AiSummaryLength,
  AiSummaryStatus,
  DEFAULT_AI_SUMMARY_LENGTH,
  DEFAULT_AI_SUMMARY_TYPE,
  aiSummaryAllowance,
  isAiError,
  planHasUnlimitedAi,
  runSummary,
  type AiSummary,
  type AiSummaryLength as SummaryLength,
  type AiSummaryType,
} from '@inkmark/shared'
import { useEffect, useId, useRef, useState } from 'react'
import { bookmarkForPage } from '../../pages/ai/page-bookmark'
import type { PageText } from '../../pages/ai/page-text'
import type { AiReadiness } from '../../pages/ai/use-ai-provider'
import { loadAiAccess } from '../../pages/session-client'
import { callStore } from '../../pages/store-client'
import { useLibraryQuery } from '../../pages/use-library'
import { DailyLimitDialog } from './AiNotices'
import { logAiFailure, showAiErrorToast } from './ai-toasts'
import { MarkdownText } from './MarkdownText'

const TYPE_OPTIONS = Object.entries(AI_SUMMARY_TYPE_LABELS).map(([id, label]) => ({ id, label }))
const LENGTH_OPTIONS = [
  { id: AiSummaryLength.SHORT, label: 'Short' },
  { id: AiSummaryLength.MEDIUM, label: 'Medium' },
  { id: AiSummaryLength.LONG, label: 'Long' },
]

export interface SummaryPanelProps {
  /** The provider this device chose (the parent shows why when none can run). */
  readiness: AiReadiness
  /** The page summarized. */
  pageUrl: string
  /** The page's text, read when the person asks for a summary. */
  loadPage: () => Promise<PageText>
  toasts: ToastQueue
  /** The panel's heading level in its page. */
  headingLevel?: 2 | 3
}

interface Run {
  status: AiSummaryStatus
  text: string
  /** The model's download, 0 to 1, while it is fetched. */
  download?: number
}

/** The status line for a run. */
function statusText(run: Run): string {
  switch (run.status) {
    case AiSummaryStatus.SETUP:
      return run.download === undefined
        ? 'Preparing the model…'
        : `Downloading the model… ${Math.round(run.download * 100)}%`
    case AiSummaryStatus.SUMMARIZING:
      return 'Summarizing…'
    case AiSummaryStatus.COMPLETE:
      return 'Summary saved with the page.'
    case AiSummaryStatus.FAILED:
      return 'The summary failed. Nothing was saved.'
    default:
      return ''
  }
}

/** The summary section of a page. */
export function SummaryPanel({
  readiness,
  pageUrl,
  loadPage,
  toasts,
  headingLevel = 2,
}: SummaryPanelProps) {
  const saved = useLibraryQuery(() => callStore('getBookmarkForUrl', pageUrl), pageUrl)
  const [type, setType] = useState<AiSummaryType>(DEFAULT_AI_SUMMARY_TYPE)
  const [length, setLength] = useState<SummaryLength>(DEFAULT_AI_SUMMARY_LENGTH)
  const [run, setRun] = useState<Run>({ status: AiSummaryStatus.NONE, text: '' })
  const [limitOpen, setLimitOpen] = useState(false)
  const running = useRef<AbortController>()
  const headingId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  useEffect(() => () => running.current?.abort(), [])

  const busy = run.status === AiSummaryStatus.SETUP || run.status === AiSummaryStatus.SUMMARIZING

  const summarize = async () => {
    if (readiness.kind !== 'ready' || busy) {
      return
    }
    const { provider } = readiness
    const controller = new AbortController()
    running.current = controller
    setRun({ status: AiSummaryStatus.SETUP, text: '' })
    try {
      // All at once: a model download must start while the click's user activation lasts.
      const [bookmarks, access, existing, page] = await Promise.all([
        callStore('getBookmarksForAiLimits'),
        loadAiAccess(),
        callStore('getBookmarkForUrl', pageUrl),
        loadPage(),
      ])
      const allowance = aiSummaryAllowance(
        bookmarks,
        existing?._id ?? '',
        Date.now(),
        planHasUnlimitedAi(access.plan),
      )
      if (!allowance.allowed) {
        setRun({ status: AiSummaryStatus.NONE, text: '' })
        setLimitOpen(true)
        return
      }
      const summary: AiSummary = await runSummary({
        provider,
        text: page.text,
        title: page.title,
        type,
        length,
        now: Date.now,
        signal: controller.signal,
        onStatus: (status) => setRun((current) => ({ ...current, status })),
        onText: (text) => setRun((current) => ({ ...current, text })),
        onDownloadProgress: (download) => setRun((current) => ({ ...current, download })),
      })
      const bookmark = await bookmarkForPage(page.url, page.title)
      await callStore('saveAiSummary', bookmark._id, summary)
      setRun({ status: AiSummaryStatus.COMPLETE, text: summary.text })
    } catch (error) {
      if (controller.signal.aborted || isAiError(error, 'aborted')) {
        setRun({ status: AiSummaryStatus.NONE, text: '' })
        return
      }
      logAiFailure('summary', error)
      setRun((current) => ({ ...current, status: AiSummaryStatus.FAILED }))
      showAiErrorToast(toasts)
    } finally {
      if (running.current === controller) {
        running.current = undefined
      }
    }
  }

  const stored = saved.status === 'ready' ? saved.value?.aiSummary : undefined
  const shown = run.status === AiSummaryStatus.NONE && stored ? stored.text : run.text

  return (
    <section className="ai-section" aria-labelledby={headingId} data-summary-status={run.status}>
      <Heading id={headingId} className="ai-heading">
        AI summary
      </Heading>
      <>
        <div className="ai-controls">
          <Select
            label="Type"
            options={TYPE_OPTIONS}
            selectedKey={type}
            onSelectionChange={(id) => setType(id as AiSummaryType)}
            isDisabled={busy}
          />
          <Select
            label="Length"
            options={LENGTH_OPTIONS}
            selectedKey={length}
            onSelectionChange={(id) => setLength(id as SummaryLength)}
            isDisabled={busy}
          />
        </div>
        <div className="ai-actions">
          <Button
            variant="primary"
            size="sm"
            isDisabled={readiness.kind !== 'ready' || busy}
            onPress={() => void summarize()}
          >
            {stored || run.status === AiSummaryStatus.COMPLETE ? 'Summarize again' : 'Summarize'}
          </Button>
          {busy ? (
            <Button variant="ghost" size="sm" onPress={() => running.current?.abort()}>
              Stop
            </Button>
          ) : null}
        </div>
        <p className="ai-status" role="status">
          {statusText(run)}
        </p>
        {run.status === AiSummaryStatus.SETUP && run.download !== undefined ? (
          <progress
            className="ai-progress"
            aria-label="Model download"
            max={1}
            value={run.download}
          />
        ) : null}
        {shown ? (
          <div className="ai-summary" aria-label="Summary" aria-busy={busy} role="region">
            {run.status === AiSummaryStatus.NONE && stored ? (
              <p className="ai-explain">
                Saved summary: {AI_SUMMARY_TYPE_LABELS[stored.type]}, {stored.length}
              </p>
            ) : null}
            <MarkdownText text={shown} />
          </div>
        ) : (
          <p className="ai-explain">
            {readiness.kind === 'ready' && readiness.availability !== 'available'
              ? 'The browser downloads its AI model the first time; the progress shows here.'
              : 'Summarize this page with the AI you chose in the settings.'}
          </p>
        )}
      </>
      <DailyLimitDialog
        message={AI_SUMMARY_DAILY_LIMIT_MESSAGE}
        isOpen={limitOpen}
        onClose={() => setLimitOpen(false)}
      />
    </section>
  )
}
