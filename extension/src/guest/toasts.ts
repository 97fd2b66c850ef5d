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
  const lasts = buttons.length > 0 ? TOAST_WITH_ACTIONS_MS : TOAST_MS
  let timer = setTimeout(() => toast.remove(), lasts)
  if (buttons.length > 0) {
    holdWhileInUse(toast, {
      hold: () => clearTimeout(timer),
      release: () => {
        clearTimeout(timer)
        timer = setTimeout(() => toast.remove(), lasts)
      },
    })
  }
  if (options.focus === true) {
    buttons[0]?.focus({ preventScroll: true })
  }
  return buttons
}

/**
 * A question stays while the person is on it, with the pointer or the keyboard (WCAG 2.2.1: no
 * time limit on what someone is answering), and gets its whole time again once they leave it.
 */
function holdWhileInUse(toast: HTMLElement, timer: { hold(): void; release(): void }): void {
  let pointerIn = false
  let focusIn = false
  const update = () => (pointerIn || focusIn ? timer.hold() : timer.release())
  toast.addEventListener(
    'pointerenter',
    onTrusted(() => {
      pointerIn = true
      update()
    }),
  )
  toast.addEventListener(
    'pointerleave',
    onTrusted(() => {
      pointerIn = false
      update()
    }),
  )
  toast.addEventListener(
    'focusin',
    onTrusted(() => {
      focusIn = true
      update()
    }),
  )
  toast.addEventListener(
    'focusout',
    onTrusted((event: FocusEvent) => {
      focusIn = event.relatedTarget instanceof Node && toast.contains(event.relatedTarget)
      update()
    }),
  )
}
