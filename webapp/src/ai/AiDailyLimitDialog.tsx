// The spec's daily-limit popup for AI ("You've Hit Your Daily Limit. Upgrade to create unlimited AI
// summaries", or the chat's wording): a modal dialog whose first sentence is its title, with an
// Upgrade link to the web app's pricing dialog (?dialog=pricing, ADR 055) and a Close button.
// Summaries and chat both use it.
import { Button, Modal } from '@inkmark/design'
import { Link } from '@tanstack/react-router'
import './ai.css'

/** The title and the rest of a limit message ("You've Hit Your Daily Limit." + "Upgrade to ..."). */
export function splitLimitMessage(message: string): { title: string; body: string } {
  const end = message.indexOf('. ')
  return end < 0
    ? { title: message, body: '' }
    : { title: message.slice(0, end + 1), body: message.slice(end + 2) }
}

/** Props of AiDailyLimitDialog. */
export interface AiDailyLimitDialogProps {
  /** The spec's message: AI_SUMMARY_DAILY_LIMIT_MESSAGE or AI_CHAT_DAILY_LIMIT_MESSAGE. */
  message: string
  isOpen: boolean
  onClose: () => void
}

/** The daily-limit popup, open while `isOpen`. */
export function AiDailyLimitDialog({ message, isOpen, onClose }: AiDailyLimitDialogProps) {
  const { title, body } = splitLimitMessage(message)
  return (
    <Modal
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) {
          onClose()
        }
      }}
      className="ai-limit-dialog"
    >
      {(close) => (
        <>
          {body !== '' && <p>{body}</p>}
          <div className="dialog-actions">
            <Button variant="secondary" onPress={close}>
              Close
            </Button>
            <Link
              className="ink-button ink-button--primary ink-button--md"
              to="."
              search={
                ((previous: Record<string, unknown>) => ({
                  ...previous,
                  dialog: 'pricing',
                })) as never
              }
              onClick={close}
            >
              Upgrade
            </Link>
          </div>
        </>
      )}
    </Modal>
  )
}
