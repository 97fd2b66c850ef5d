import type { ReactNode } from 'react'

/** The heading levels a card or empty state may use, to fit the page's outline. */
export type HeadingLevel = 2 | 3 | 4

/** A heading of the given level. */
export function LevelHeading({
  level,
  className,
  children,
}: {
  level: HeadingLevel
  className?: string
  children: ReactNode
}) {
  const Tag = `h${level}` as const
  return <Tag className={className}>{children}</Tag>
}
