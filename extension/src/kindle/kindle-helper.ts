// Starts the Kindle notebook helper on the notebook page: the card, and on the person's click the
// walk of the books, each sent to the background (service/kindle-import.ts) on its own channel.
import {
  KINDLE_NOTEBOOK_CHANNEL,
  isKindleNotebookUrl,
  type KindleNotebookBook,
  type KindleNotebookBookResult,
  type KindleNotebookMessage,
} from '@inkmark/shared/guest'
import { mountKindleHelper } from './helper-ui'
import { walkNotebook } from './notebook-walk'

type Answer = { ok: true; value: unknown } | { ok: false; error: string }

async function sendBook(book: KindleNotebookBook): Promise<KindleNotebookBookResult> {
  const message: KindleNotebookMessage = { channel: KINDLE_NOTEBOOK_CHANNEL, book }
  const answer = await chrome.runtime.sendMessage<KindleNotebookMessage, Answer | undefined>(
    message,
  )
  if (!answer) {
    throw new Error('Inkmark is not ready. Please try again.')
  }
  if (!answer.ok) {
    throw new Error(answer.error)
  }
  return answer.value as KindleNotebookBookResult
}

/** Shows the helper on a notebook page (only there: the manifest's matches are wider in path). */
export function startKindleHelper(): void {
  if (!isKindleNotebookUrl(location.href)) {
    return
  }
  const ui = mountKindleHelper(() => {
    walkNotebook({ sendBook, onProgress: (progress) => ui.showProgress(progress) }).then(
      (summary) => ui.showSummary(summary),
      () => ui.showError('The import stopped. Reload the page and try again.'),
    )
  })
}
