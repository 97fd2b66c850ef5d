// What the AI panels say when they cannot run: no provider for this browser (the spec's words and
// the way to the settings that fix it), AI turned off, and the daily limit's popup.
import { Button, Modal } from '@inkmark/design'
import { SUMMARIZER_UNAVAILABLE } from '@inkmark/shared'
import { APP_UPGRADE_URL } from '../../pages/app-url'
import type { AiReadiness } from '../../pages/ai/use-ai-provider'

/** Opens the extension's AI settings (its options page) in a tab. */
export function openAiSettings(): void {
  void chrome.runtime.openOptionsPage()
}

/** Which AI the page's text goes to, in words. */
export function aiProviderLine(readiness: AiReadiness): string {
  return readiness.kind === 'ready'
    ? `The page’s text goes only to ${readiness.provider.label}.`
    : 'The page’s text goes only to the AI chosen in the settings.'
}

/** No provider can run here: the spec's sentence and the way to the settings. */
export function AiUnavailableNotice({ off }: { off: boolean }) {
  return (
    <div className="ai-notice" role="status">
      <p>{off ? 'AI is turned off on this device.' : SUMMARIZER_UNAVAILABLE}</p>
      <p className="ai-explain">
        {off
          ? 'Choose the browser’s built-in AI or your own endpoint to summarize and chat.'
          : 'Use an OpenAI-compatible endpoint instead (Ollama, LM Studio, llama.cpp or a hosted service).'}
      </p>
      <Button variant="secondary" size="sm" onPress={openAiSettings}>
        Open AI settings
      </Button>
    </div>
  )
}

/** The spec's daily limit popup, with the way to upgrade. */
export function DailyLimitDialog({
  message,
  isOpen,
  onClose,
}: {
  message: string
  isOpen: boolean
  onClose: () => void
}) {
  const [title, rest] = splitLimitMessage(message)
  return (
    <Modal title={title} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p>{rest}</p>
          <div className="ai-dialog-actions">
            <a
              className="ink-button ink-button--primary ink-button--md"
              href={APP_UPGRADE_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              Upgrade
            </a>
            <Button variant="secondary" onPress={close}>
              Not now
            </Button>
          </div>
        </>
      )}
    </Modal>
  )
}

/** "You've Hit Your Daily Limit." as the title, the rest as the text. */
function splitLimitMessage(message: string): [string, string] {
  const end = message.indexOf('. ')
  return end < 0 ? [message, ''] : [message.slice(0, end + 1), message.slice(end + 2)]
}
