// A tag as a chip: plain, a button (e.g. filter by it) or with a remove button. The words of the
// buttons' names are the caller's, so they match the screen ("Filter by tag x", "Remove tag x").
import type { ReactNode } from 'react'
import { Button as AriaButton } from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** Props of TagChip. */
export interface TagChipProps {
  tag: string
  /** Makes the chip a button. */
  onPress?: () => void
  /** The chip button's accessible name when it differs from "#tag". */
  pressLabel?: string
  /** Adds a remove button. */
  onRemove?: () => void
  /** The remove button's name; "Remove tag {tag}" by default. */
  removeLabel?: string
  className?: string
}

/** One tag. */
export function TagChip({
  tag,
  onPress,
  pressLabel,
  onRemove,
  removeLabel,
  className,
}: TagChipProps) {
  const text = `#${tag}`
  return (
    <span className={classNames('ink-tag', className)}>
      {onPress ? (
        <AriaButton className="ink-tag__button" onPress={onPress} aria-label={pressLabel}>
          {text}
        </AriaButton>
      ) : (
        <span className="ink-tag__text">{text}</span>
      )}
      {onRemove && (
        <AriaButton
          className="ink-tag__remove"
          onPress={onRemove}
          aria-label={removeLabel ?? `Remove tag ${tag}`}
        >
          <span aria-hidden="true">×</span>
        </AriaButton>
      )}
    </span>
  )
}

/** A list of tag chips, named for screen readers. */
export function TagChipList({
  label,
  children,
  className,
}: {
  label: string
  children: ReactNode
  className?: string
}) {
  return (
    <ul className={classNames('ink-tag-list', className)} aria-label={label}>
      {children}
    </ul>
  )
}
