// An AI summary from start to result (spec sections 3 and 4): the page's text trimmed to the
// provider's input quota less 500 tokens, the status moving none -> setup -> summarizing ->
// complete (failed on error, none again on a cancel), the text streamed to the screen as it grows. Saving is the caller's
// (only the complete summary this returns is saved, with `store.saveAiSummary`).
import {
  AiSummaryFormat,
  AiSummaryStatus,
  createAiSummary,
  type AiSummary,
  type AiSummaryLength,
  type AiSummaryType,
} from '../domain/entities/ai-summary'
import { summaryInputTokenBudget } from '../domain/tokens'
import { trimToMeasuredBudget } from './measured-trim'
import { AiError, isAbortError, isAiError } from './ai-error'
import type { AiProvider } from './ai-provider'

/**
 * The input quota assumed when a provider cannot tell its own yet (the built-in Summarizer while
 * its model downloads): a conservative 4,000 tokens, at or below what the browsers' summarizers
 * take, so a long page is not refused with QuotaExceededError. The built-in provider trims again
 * to the session's real quota once it exists (ADR 046).
 */
export const DEFAULT_SUMMARY_INPUT_QUOTA_TOKENS = 4000

/** The page text a summary sends: trimmed to the provider's input quota less 500 tokens. */
export async function summaryInputFor(provider: AiProvider, text: string): Promise<string> {
  const quota = (await provider.inputQuota('summarize')) ?? DEFAULT_SUMMARY_INPUT_QUOTA_TOKENS
  return trimToMeasuredBudget(text.trim(), summaryInputTokenBudget(quota), (candidate) =>
    provider.measureTokens(candidate, 'summarize'),
  )
}

export interface RunSummaryOptions {
  provider: AiProvider
  /** The page's text (article text or a video's transcript). */
  text: string
  /** The page's title, given to the model as context. */
  title?: string
  type: AiSummaryType
  length: AiSummaryLength
  now: () => number
  signal?: AbortSignal
  /** Each status as it is reached: setup, summarizing, complete, failed, or none after a cancel. */
  onStatus: (status: AiSummaryStatus) => void
  /** The summary's whole text so far, after each streamed piece. */
  onText: (fullTextSoFar: string) => void
  onDownloadProgress?: (fraction: number) => void
}

/**
 * Runs a summary and returns it complete (status complete, format markdown, createdAt from
 * `now()` when it completed). On any failure `onStatus('failed')` is called and the provider's
 * error is thrown (an AiError; an empty answer is a 'bad-response'). A cancel (the signal
 * aborted) is no failure: `onStatus('none')` and an AiError 'aborted' is thrown.
 */
export async function runSummary(options: RunSummaryOptions): Promise<AiSummary> {
  const { provider, type, length, signal, onStatus, onText } = options
  onStatus(AiSummaryStatus.SETUP)
  try {
    const text = await summaryInputFor(provider, options.text)
    if (text === '') {
      throw new AiError('bad-response', 'The page has no text to summarize.')
    }
    const context = options.title?.trim() ? `The page's title: ${options.title.trim()}` : undefined
    let summary = ''
    let started = false
    for await (const delta of provider.summarize(
      { text, type, length, ...(context === undefined ? {} : { context }) },
      { signal, onDownloadProgress: options.onDownloadProgress },
    )) {
      if (!started) {
        started = true
        onStatus(AiSummaryStatus.SUMMARIZING)
      }
      summary += delta
      onText(summary)
    }
    if (signal?.aborted) {
      throw new AiError('aborted', 'The summary was stopped.')
    }
    if (summary.trim() === '') {
      throw new AiError('bad-response', 'The model answered with an empty summary.')
    }
    const result = createAiSummary(
      {
        text: summary.trim(),
        type,
        length,
        format: AiSummaryFormat.MARKDOWN,
        status: AiSummaryStatus.COMPLETE,
      },
      options.now(),
    )
    onStatus(AiSummaryStatus.COMPLETE)
    return result
  } catch (error) {
    // A cancel is the user's own choice, not a failure: back to the start, and the aborted
    // AiError thrown so the caller knows nothing was saved (and shows no error toast).
    if (signal?.aborted || isAbortError(error)) {
      onStatus(AiSummaryStatus.NONE)
      throw isAiError(error, 'aborted')
        ? error
        : new AiError('aborted', 'The summary was stopped.', { cause: error })
    }
    onStatus(AiSummaryStatus.FAILED)
    throw error
  }
}
