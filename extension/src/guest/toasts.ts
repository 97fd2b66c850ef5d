// Short notices at the bottom of the page ('Saved to your library 🔖', 'No text selected', '3 highlights
// applied'), announced to screen readers, optionally with one action such as 'Try again'.
import { element, uiHost } from './ui-host'
import { onTrusted } from './trusted'

const TOAST_MS = 4_000

let container: HTMLElement | undefined

/** Shows `message` for a few seconds. */
export function showToast(message: string, action?: { label: string; run: () => void }): void {
  const { layer } = uiHost()
  if (!container?.isConnected) {
    container = element('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' })
    layer.append(container)
  }
  const toast = element('div', { class: 'toast', 'data-inkmark-toast': '' })
  toast.append(element('span', {}, message))
  if (action) {
    const button = element('button', { type: 'button' }, action.label)
    button.addEventListener(
      'click',
      onTrusted(() => {
        toast.remove()
        action.run()
      }),
    )
    toast.append(button)
  }
  container.append(toast)
  setTimeout(() => toast.remove(), action ? TOAST_MS * 2 : TOAST_MS)
}
