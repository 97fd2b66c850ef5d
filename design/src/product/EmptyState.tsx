// What a screen shows when it has nothing to list: an icon, a title, a sentence saying what to do
// and the action that does it.
import type { ReactNode } from 'react'
import { classNames } from '../lib/class-names'
import { LevelHeading, type HeadingLevel } from './heading'

/** Props of EmptyState. */
export interface EmptyStateProps {
  title: string
  /** A decorative icon (an emoji or an svg). */
  icon?: ReactNode
  children?: ReactNode
  /** A button or link. */
  action?: ReactNode
  headingLevel?: HeadingLevel
  className?: string
}

/** An empty screen's message. */
export function EmptyState({
  title,
  icon,
  children,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  return (
    <div className={classNames('ink-empty-state', className)}>
      {icon && (
        <div className="ink-empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <LevelHeading level={headingLevel} className="ink-empty-state__title">
        {title}
      </LevelHeading>
      {children && <div className="ink-empty-state__text">{children}</div>}
      {action && <div className="ink-empty-state__action">{action}</div>}
    </div>
  )
}
