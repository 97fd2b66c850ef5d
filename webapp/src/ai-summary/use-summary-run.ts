// One AI summary run for a bookmark: the daily limit checked first (aiSummaryAllowance, counted
// from the synced library so two devices share it), then runSummary (the text trimmed to the
// provider's quota with summaryInputFor; status none -> setup -> summarizing -> complete), the text
// shown as it streams, and only the complete summary saved with store.saveAiSummary, which syncs.
// A failure shows the spec's toast and saves nothing; Stop ends the run the same way, without the
// toast. Leaving the page stops a run.
import {
  AiSummaryStatus,
  aiSummaryAllowance,
  runSummary,
  type AiSummaryLength,
  type AiSummaryType,
} from '@inkmark/shared'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAi } from '../ai/AiProviderContext'
import { showAiErrorToast } from '../ai/show-ai-error-toast'
import { useToast } from '../components/Toasts'
import { useLocalStore } from '../library/LibraryProvider'

/** What a summary run shows. */
export interface SummaryRunState {
  status: AiSummaryStatus
  /** The text streamed so far (while summarizing, and kept when it failed). */
  text: string
  /** The model download's progress (0 to 1) while the browser fetches it. */
  downloadProgress?: number
  /** Whether the run was stopped by the person. */
  stopped: boolean
}

const IDLE: SummaryRunState = { status: AiSummaryStatus.NONE, text: '', stopped: false }

/** What a summary panel needs to start, stop and follow a run. */
export interface SummaryRun {
  state: SummaryRunState
  running: boolean
  start: (request: {
    text: string
    title?: string
    type: AiSummaryType
    length: AiSummaryLength
  }) => void
  stop: () => void
  /** Whether the daily-limit popup is open, and how it closes. */
  limitReached: boolean
  closeLimit: () => void
}

/** Summary runs of the bookmark `bookmarkId`. */
export function useSummaryRun(bookmarkId: string): SummaryRun {
  const store = useLocalStore()
  const { showToast } = useToast()
  const { provider, unlimited, refreshAvailability } = useAi()
  const [state, setState] = useState<SummaryRunState>(IDLE)
  const [limitReached, setLimitReached] = useState(false)
  const controller = useRef<AbortController>(undefined)

  useEffect(
    () => () => {
      controller.current?.abort()
    },
    [bookmarkId],
  )

  const start: SummaryRun['start'] = useCallback(
    ({ text, title, type, length }) => {
      if (provider === undefined || controller.current !== undefined) {
        return
      }
      const allowance = aiSummaryAllowance(
        store.getBookmarksForAiLimits(),
        bookmarkId,
        Date.now(),
        unlimited,
      )
      if (!allowance.allowed) {
        setLimitReached(true)
        return
      }
      const run = new AbortController()
      controller.current = run
      let downloaded = false
      setState(IDLE)
      runSummary({
        provider,
        text,
        ...(title === undefined ? {} : { title }),
        type,
        length,
        now: () => Date.now(),
        signal: run.signal,
        onStatus: (status) => setState((current) => ({ ...current, status })),
        onText: (fullText) => setState((current) => ({ ...current, text: fullText })),
        onDownloadProgress: (fraction) => {
          downloaded = true
          setState((current) => ({ ...current, downloadProgress: fraction }))
        },
      })
        .then((summary) => store.saveAiSummary(bookmarkId, summary))
        .then(() => {
          setState((current) => ({ ...current, downloadProgress: undefined }))
        })
        .catch((error: unknown) => {
          const stopped = run.signal.aborted
          setState((current) => ({
            ...current,
            // Stopped by the person: back to the start, not a failure (runSummary says 'none').
            status: stopped ? AiSummaryStatus.NONE : AiSummaryStatus.FAILED,
            downloadProgress: undefined,
            stopped,
          }))
          if (!stopped) {
            showAiErrorToast(showToast, error)
          }
        })
        .finally(() => {
          if (controller.current === run) {
            controller.current = undefined
          }
          if (downloaded) {
            refreshAvailability()
          }
        })
    },
    [provider, store, bookmarkId, unlimited, showToast, refreshAvailability],
  )

  const stop = useCallback(() => controller.current?.abort(), [])
  const running =
    state.status === AiSummaryStatus.SETUP || state.status === AiSummaryStatus.SUMMARIZING
  return {
    state,
    running,
    start,
    stop,
    limitReached,
    closeLimit: useCallback(() => setLimitReached(false), []),
  }
}
