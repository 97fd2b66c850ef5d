// The web app's modal dialog, on the design system's ModalFrame (React Aria): the page behind is
// hidden from assistive technology, Tab stays inside, Escape or a press outside closes it, and
// the focus goes back on close to what had it before. The dialogs addressed by the `dialog` URL
// parameter are built on it.
import { ModalFrame } from '@inkmark/design'
import { useLayoutEffect, type ReactNode, type RefObject } from 'react'

/** Props of ModalDialog. */
export interface ModalDialogProps {
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string
  className?: string
  onClose: () => void
  /** What gets the focus on open; the dialog itself when not given. */
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
  // Before React Aria's own effect, which focuses the dialog unless something inside has the focus;
  // initialFocus is read once, on open.
  useLayoutEffect(() => {
    initialFocus?.current?.focus()
  }, [])
  return (
    <ModalFrame
      aria-labelledby={labelledBy}
      className={className ? `modal-dialog ${className}` : 'modal-dialog'}
      onClose={onClose}
    >
      {children}
    </ModalFrame>
  )
}
