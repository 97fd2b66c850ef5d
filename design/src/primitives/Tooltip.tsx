// Tooltips on React Aria: shown on hover after a delay and at once on keyboard focus, hidden by
// Escape; the trigger is described by the tooltip. Never the only place a name lives.
import type { ReactElement, ReactNode } from 'react'
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components'

/** Props of Tooltip. */
export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode
  /** The trigger: one focusable design-system element (Button, IconButton). */
  children: ReactElement
  placement?: 'top' | 'bottom' | 'start' | 'end'
  delay?: number
}

/** A tooltip on its child. */
export function Tooltip({ content, children, placement = 'top', delay = 600 }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay}>
      {children}
      <AriaTooltip className="ink-tooltip" placement={placement} offset={6}>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  )
}
