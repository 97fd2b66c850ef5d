// Modal dialogs on React Aria: focus moves in, is held inside (Tab wraps), Escape and a press
// outside close, focus goes back to what opened it, the page behind is hidden from screen readers.
// The title is required: a dialog without a name is announced as just "dialog".
import type { ReactNode } from 'react'
import {
  Dialog as AriaDialog,
  DialogTrigger as AriaDialogTrigger,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  type DialogTriggerProps,
} from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** Opens the Modal that follows its first child (a Button) when pressed. */
export function DialogTrigger(props: DialogTriggerProps) {
  return <AriaDialogTrigger {...props} />
}

/** Props of Modal. */
export interface ModalProps {
  /** The dialog's heading and accessible name. */
  title: ReactNode
  /** Keep the title for screen readers only (it still names the dialog). */
  hideTitle?: boolean
  /** Controlled open state; leave out inside a DialogTrigger. */
  isOpen?: boolean
  onOpenChange?: (isOpen: boolean) => void
  /** Whether a press outside closes it (Escape always does). */
  isDismissable?: boolean
  /** Whether the dialog is an alertdialog (a question that needs an answer). */
  role?: 'dialog' | 'alertdialog'
  className?: string
  children: ReactNode | ((close: () => void) => ReactNode)
}

/** A modal dialog with a title. */
export function Modal({
  title,
  hideTitle,
  isOpen,
  onOpenChange,
  isDismissable = true,
  role,
  className,
  children,
}: ModalProps) {
  return (
    <ModalOverlay
      className="ink-modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
    >
      <AriaModal className="ink-modal">
        <AriaDialog role={role} className={classNames('ink-dialog', className)}>
          {({ close }) => (
            <>
              <Heading
                slot="title"
                className={hideTitle ? 'ink-visually-hidden' : 'ink-dialog__title'}
              >
                {title}
              </Heading>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  )
}

/** Props of ModalFrame. */
export interface ModalFrameProps {
  /** Id of the element inside that names the dialog (its heading). */
  'aria-labelledby': string
  onClose: () => void
  className?: string
  children: ReactNode
}

/**
 * A modal dialog, open while rendered, whose heading is the caller's own element (named by id):
 * for dialogs whose title is part of richer content. Prefer Modal.
 */
export function ModalFrame({ onClose, className, children, ...props }: ModalFrameProps) {
  return (
    <ModalOverlay
      className="ink-modal-overlay"
      isOpen
      onOpenChange={(open) => {
        if (!open) {
          onClose()
        }
      }}
      isDismissable
    >
      <AriaModal className="ink-modal">
        <AriaDialog
          aria-labelledby={props['aria-labelledby']}
          className={classNames('ink-dialog', className)}
        >
          {children}
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  )
}
