// A non-modal popover on React Aria, opened by a DialogTrigger: positioned by the library, closed
// by Escape or a press outside, focus returned to its trigger.
import type { ReactNode } from 'react'
import {
  Dialog as AriaDialog,
  OverlayArrow,
  Popover as AriaPopover,
  type PopoverProps as AriaPopoverProps,
} from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** Props of Popover. */
export interface PopoverProps extends Omit<AriaPopoverProps, 'className' | 'children'> {
  /** The popover's accessible name. */
  'aria-label': string
  className?: string
  children: ReactNode
}

/** A popover with a dialog inside; put it after its trigger in a DialogTrigger. */
export function Popover({ className, children, ...props }: PopoverProps) {
  return (
    <AriaPopover {...props} className={classNames('ink-popover', className)}>
      <OverlayArrow className="ink-popover__arrow">
        <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden="true">
          <path d="M0 0 L6 6 L12 0" />
        </svg>
      </OverlayArrow>
      <AriaDialog aria-label={props['aria-label']} className="ink-popover__dialog">
        {children}
      </AriaDialog>
    </AriaPopover>
  )
}
