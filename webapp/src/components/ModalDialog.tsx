// The web app's modal dialog: a native <dialog> opened with showModal (the page behind is inert
// and Escape closes it), with Tab wrapped inside it and the focus given back on close to what had
// it before. The dialogs addressed by the `dialog` URL parameter are built on it.
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

const FOCUSABLE = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])'

/** Props of ModalDialog. */
export interface ModalDialogProps {
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string
  className?: string
  onClose: () => void
  /** What gets the focus on open; the dialog's first control when not given. */
  initialFocus?: RefObject<HTMLElement | null>
  children: ReactNode
}

/** A modal dialog, open while it is rendered. */
export function ModalDialog({
  labelledBy,
  className,
  onClose,
  initialFocus,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)

  // A layout effect, so that closing runs while the dialog is still in the document; run on open
  // and close only (initialFocus is read once, on open).
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) {
      dialog.showModal()
    }
    initialFocus?.current?.focus()
    return () => {
      dialog?.close()
      if (opener?.isConnected) {
        opener.focus()
      }
    }
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) {
      return
    }
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.hasAttribute('disabled'),
    )
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className={className ? `modal-dialog ${className}` : 'modal-dialog'}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={onKeyDown}
    >
      {children}
    </dialog>
  )
}
