// The toasts on screen, as a pure list: adding one with the id of a toast already shown replaces
// it (the spec gives some toasts an id, so that repeating the error does not stack copies).

/** How a toast looks: an error is announced at once (role alert), the others politely. */
export type ToastKind = 'success' | 'error' | 'info'

/** One toast. */
export interface ToastItem {
  id: string
  kind: ToastKind
  message: string
  /** Milliseconds before it goes away by itself. */
  durationMs: number
  /** A button in the toast (e.g. 'Review'); clicking it also dismisses the toast. */
  action?: { label: string; onClick: () => void }
}

/** The list with `toast` added, replacing a toast of the same id. */
export function addToast(toasts: readonly ToastItem[], toast: ToastItem): ToastItem[] {
  return [...toasts.filter((shown) => shown.id !== toast.id), toast]
}

/** The list without the toast `id`. */
export function removeToast(toasts: readonly ToastItem[], id: string): ToastItem[] {
  return toasts.filter((shown) => shown.id !== id)
}
