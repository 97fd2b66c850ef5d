// The spec's AI failure toast: 'Error occurred. Check our troubleshooting guide for help.' for 5 s
// with a 'Read guide' button that opens the troubleshooting guide (the app's own /help/ai page) in
// a new tab. One id, so a
// repeated failure replaces the toast instead of stacking copies. The error's own sentence
// (aiErrorMessage) goes to the console for whoever debugs, never with a key or the page's text.
import {
  AI_ERROR_TOAST,
  AI_ERROR_TOAST_ACTION,
  AI_ERROR_TOAST_DURATION_MS,
  AI_TROUBLESHOOTING_PATH,
  aiErrorMessage,
} from '@inkmark/shared'
import type { ToastRequest } from '../components/Toasts'

/** How long the AI failure toast stays (spec: 5 s). */
export const AI_ERROR_TOAST_MS = AI_ERROR_TOAST_DURATION_MS

/** The label of the toast's button (spec: 'Read guide'). */
export const READ_GUIDE_LABEL = AI_ERROR_TOAST_ACTION

/** Shows the AI failure toast with `showToast` (from useToast()); `error` is what failed. */
export function showAiErrorToast(
  showToast: (request: ToastRequest) => void,
  error?: unknown,
): void {
  if (error !== undefined) {
    console.warn('Inkmark: AI failed:', aiErrorMessage(error))
  }
  showToast({
    id: 'ai-error',
    kind: 'error',
    message: AI_ERROR_TOAST,
    durationMs: AI_ERROR_TOAST_MS,
    action: {
      label: READ_GUIDE_LABEL,
      onClick: () => {
        window.open(AI_TROUBLESHOOTING_PATH, '_blank', 'noopener,noreferrer')
      },
    },
  })
}
