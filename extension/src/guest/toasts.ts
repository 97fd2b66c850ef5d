// Short notices at the bottom of the page ('Saved to your library 🔖', 'No text selected', '3 highlights
// applied'), announced to screen readers, optionally with actions such as 'Try again', or
// 'Continue' and 'Cancel' for a question ('Continue to link?').
import { element, uiHost } from './ui-host'
import { onTrusted } from './trusted'

/** How long a notice stays (spec section 9: toast default 5000 ms). */
export const TOAST_MS = 5_000
/** How long a notice with actions stays: long enough to reach its buttons. */
export const TOAST_WITH_ACTIONS_MS = 2 * TOAST_MS

/** A button of a notice; every button closes its notice. */
export interface ToastAction {
  label: string
  run: () => void
}

let container: HTMLElement | undefined

/**
 * Shows `message` for a few seconds, with `actions` as buttons; `focus` puts the keyboard on the
 * first button (for a question the person asked for with the keyboard). Answers the notice's
 * buttons.
 */
export function showToast(
  message: string,
  actions?: ToastAction | readonly ToastAction[],
  options: { focus?: boolean } = {},
): HTMLButtonElement[] {
  const { layer } = uiHost()
  if (!container?.isConnected) {
    container = element('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' })
    layer.append(container)
  }
  const toast = element('div', { class: 'toast', 'data-inkmark-toast': '' })
  toast.append(element('span', {}, message))
  const list = actions === undefined ? [] : Array.isArray(actions) ? actions : [actions]
  const buttons = (list as readonly ToastAction[]).map((action) => {
    const button = element('button', { type: 'button' }, action.label)
    button.addEventListener(
      'click',
      onTrusted(() => {
        toast.remove()
        action.run()
      }),
    )
    return button
  })
  toast.append(...buttons)
  if (buttons.length > 0) {
    // Escape dismisses a question as its last button ('Cancel') would, without acting.
    toast.addEventListener(
      'keydown',
      onTrusted((event: KeyboardEvent) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          toast.remove()
        }
      }),
    )
  }
  container.append(toast)
  if (options.focus === true) {
    buttons[0]?.focus({ preventScroll: true })
  }
  setTimeout(() => toast.remove(), buttons.length > 0 ? TOAST_WITH_ACTIONS_MS : TOAST_MS)
  return buttons
}
