// Toasts on React Aria's toast region (UNSTABLE_ in react-aria-components 1.22): a landmark the
// keyboard can reach (F6), toasts announced as they arrive, timers paused while hovered or focused,
// focus kept sensible when one closes. ToastQueue adds what the product needs on top: an id, so
// that showing a toast with the id of one on screen replaces it rather than stacking a copy.
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** How a toast looks. */
export type ToastTone = 'info' | 'success' | 'warning' | 'error'

/** What a toast shows. */
export interface ToastContent {
  message: string
  tone: ToastTone
  /** The toast's id: one shown with the same id replaces it. */
  id: string
  /** A button in the toast (e.g. 'Review'); pressing it also closes the toast. */
  action?: { label: string; onPress: () => void }
}

/** A toast to show: the id, tone and timeout are optional. */
export interface ToastRequest {
  message: string
  tone?: ToastTone
  id?: string
  /** Milliseconds before it goes away; 5 s when not given. */
  timeout?: number
  action?: ToastContent['action']
}

/** The default time a toast stays, the spec's 5 seconds. */
export const DEFAULT_TOAST_TIMEOUT_MS = 5000

/** The toasts of an app: show one from anywhere; a ToastRegion renders them. */
export class ToastQueue {
  /** React Aria's queue, for ToastRegion. */
  readonly queue = new AriaToastQueue<ToastContent>({ maxVisibleToasts: 5 })
  private readonly keys = new Map<string, string>()
  private counter = 0

  /** Shows a toast, replacing any toast on screen with the same id; returns the id. */
  show(request: ToastRequest): string {
    this.counter += 1
    const id = request.id ?? `toast-${this.counter}`
    this.close(id)
    const content: ToastContent = {
      message: request.message,
      tone: request.tone ?? 'info',
      id,
      ...(request.action ? { action: request.action } : {}),
    }
    const key = this.queue.add(content, {
      timeout: request.timeout ?? DEFAULT_TOAST_TIMEOUT_MS,
      onClose: () => {
        if (this.keys.get(id) === key) {
          this.keys.delete(id)
        }
      },
    })
    this.keys.set(id, key)
    return id
  }

  /** Closes the toast `id` if it is on screen. */
  close(id: string): void {
    const key = this.keys.get(id)
    if (key !== undefined) {
      this.keys.delete(id)
      this.queue.close(key)
    }
  }

  /** The contents of the toasts on screen, newest first. */
  visible(): ToastContent[] {
    return this.queue.visibleToasts.map((toast) => toast.content)
  }
}

/** Props of ToastRegion. */
export interface ToastRegionProps {
  queue: ToastQueue
  /** The region's name, read when the keyboard reaches it. */
  'aria-label'?: string
  className?: string
}

/** Where an app's toasts appear (bottom centre). */
export function ToastRegion({ queue, className, ...props }: ToastRegionProps) {
  return (
    <AriaToastRegion
      queue={queue.queue}
      aria-label={props['aria-label'] ?? 'Messages'}
      className={classNames('ink-toast-region', className)}
    >
      {({ toast }) => (
        <AriaToast toast={toast} className={`ink-toast ink-toast--${toast.content.tone}`}>
          <AriaToastContent className="ink-toast__content" data-toast-id={toast.content.id}>
            <Text slot="title" className="ink-toast__message">
              {toast.content.message}
            </Text>
            {toast.content.action && (
              <AriaButton
                className="ink-button ink-button--secondary ink-button--sm"
                onPress={() => {
                  toast.content.action?.onPress()
                  queue.close(toast.content.id)
                }}
              >
                {toast.content.action.label}
              </AriaButton>
            )}
          </AriaToastContent>
          <AriaButton
            slot="close"
            aria-label="Dismiss"
            className="ink-icon-button ink-toast__close"
          >
            <span aria-hidden="true">×</span>
          </AriaButton>
        </AriaToast>
      )}
    </AriaToastRegion>
  )
}
