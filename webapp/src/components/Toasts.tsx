// Short messages at the bottom of the screen that go away by themselves after the spec's duration
// (5 s by default). Any component shows one with `useToast().showToast(...)`.
import { TOAST_DURATION_MS } from '@inkmark/shared'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { addToast, removeToast, type ToastItem, type ToastKind } from './toast-queue'
import './toasts.css'

/** What a toast is shown with; the id and duration are optional. */
export interface ToastRequest {
  message: string
  kind?: ToastKind
  id?: string
  durationMs?: number
  action?: ToastItem['action']
}

interface ToastApi {
  showToast: (request: ToastRequest) => void
}

const ToastContext = createContext<ToastApi | null>(null)

/** Holds the toasts of the app and renders them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const counter = useRef(0)
  const showToast = useCallback((request: ToastRequest) => {
    counter.current += 1
    const toast: ToastItem = {
      id: request.id ?? `toast-${counter.current}`,
      kind: request.kind ?? 'info',
      message: request.message,
      durationMs: request.durationMs ?? TOAST_DURATION_MS,
      ...(request.action ? { action: request.action } : {}),
    }
    setToasts((shown) => addToast(shown, toast))
  }, [])
  const dismiss = useCallback((id: string) => setToasts((shown) => removeToast(shown, id)), [])
  const api = useMemo(() => ({ showToast }), [showToast])
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <Toast key={toast.id + toast.message} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  )
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.durationMs)
    return () => window.clearTimeout(timer)
  }, [toast, onDismiss])
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-toast-id={toast.id}
    >
      <span>{toast.message}</span>
      {toast.action && (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            toast.action?.onClick()
            onDismiss(toast.id)
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        className="toast-close"
        aria-label="Dismiss"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
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
