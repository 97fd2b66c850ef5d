// The spec's AI failure toast: 'Error occurred. Check our troubleshooting guide for help.' for
// 5 seconds, with 'Read guide' opening the guide (the web app's page) in a tab of its own.
import type { ToastQueue } from '@inkmark/design'
import {
  isAiError,
  AI_ERROR_TOAST,
  AI_ERROR_TOAST_ACTION,
  AI_ERROR_TOAST_DURATION_MS,
  AI_TROUBLESHOOTING_PATH,
} from '@inkmark/shared'
import { INKMARK_APP_URL } from '../../pages/app-url'

/** The troubleshooting guide in the web app this build talks to. */
export const AI_GUIDE_URL = `${INKMARK_APP_URL}${AI_TROUBLESHOOTING_PATH}`

/** Shows the failure toast (one at a time: a second failure replaces it). */
export function showAiErrorToast(toasts: ToastQueue): void {
  toasts.show({
    id: 'ai-error',
    message: AI_ERROR_TOAST,
    tone: 'error',
    timeout: AI_ERROR_TOAST_DURATION_MS,
    action: {
      label: AI_ERROR_TOAST_ACTION,
      onPress: () => {
        window.open(AI_GUIDE_URL, '_blank', 'noopener,noreferrer')
      },
    },
  })
}

/**
 * Notes a failed run in the console by its error code only: an endpoint's own error (the cause)
 * may echo the request, key included, and the key is never logged.
 */
export function logAiFailure(what: 'summary' | 'chat', error: unknown): void {
  console.warn(`Inkmark: the ${what} failed (${isAiError(error) ? error.code : 'unknown error'})`)
}
