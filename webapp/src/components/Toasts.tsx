// Short messages at the bottom of the screen that go away by themselves after the spec's duration
// (5 s by default), on the design system's toast region (React Aria): a landmark reachable with F6,
// paused while hovered or focused. Any component shows one with `useToast().showToast(...)`; a
// toast with the id of one on screen replaces it (repeating an error does not stack copies).
import { ToastQueue, ToastRegion } from '@inkmark/design'
import { TOAST_DURATION_MS } from '@inkmark/shared'
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'

/** How a toast looks. */
export type ToastKind = 'success' | 'warning' | 'error' | 'info'

/** What a toast is shown with; the id and duration are optional. */
export interface ToastRequest {
  message: string
  kind?: ToastKind
  id?: string
  durationMs?: number
  /** A button in the toast (e.g. 'Review'); clicking it also dismisses the toast. */
  action?: { label: string; onClick: () => void }
}

interface ToastApi {
  showToast: (request: ToastRequest) => void
}

const ToastContext = createContext<ToastApi | null>(null)

/** Holds the toasts of the app and renders them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(() => new ToastQueue())
  const api = useMemo<ToastApi>(
    () => ({
      showToast: (request) => {
        queue.show({
          message: request.message,
          tone: request.kind ?? 'info',
          timeout: request.durationMs ?? TOAST_DURATION_MS,
          ...(request.id ? { id: request.id } : {}),
          ...(request.action
            ? { action: { label: request.action.label, onPress: request.action.onClick } }
            : {}),
        })
      },
    }),
    [queue],
  )
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion queue={queue} aria-label="Messages" />
    </ToastContext.Provider>
  )
}

/** Shows toasts; needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (api === null) {
    throw new Error('useToast needs a ToastProvider')
  }
  return api
}
