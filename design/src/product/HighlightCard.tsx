// A highlight: a bar in its colour, its text (the caller's link), the note, the page it is from and
// its tags. The colour is the highlight's own data, so it is the one inline style.
import type { ReactNode } from 'react'
import { classNames } from '../lib/class-names'
import { LevelHeading, type HeadingLevel } from './heading'

/** Props of HighlightCard. */
export interface HighlightCardProps {
  /** The highlighted text, usually a link to it on its page. */
  text: ReactNode
  /** The highlight's colour (any CSS colour). */
  color: string
  /** The colour's name, for screen readers ("Yellow"). */
  colorName?: string
  note?: string
  /** The page's title (or URL). */
  pageTitle?: ReactNode
  /** The tags, as TagChips. */
  tags?: ReactNode
  headingLevel?: HeadingLevel
  className?: string
  titleClassName?: string
}

/** A highlight's card. */
export function HighlightCard({
  text,
  color,
  colorName,
  note,
  pageTitle,
  tags,
  headingLevel = 3,
  className,
  titleClassName,
}: HighlightCardProps) {
  return (
    <article
      className={classNames('ink-card', 'ink-highlight-card', className)}
      style={{ ['--ink-highlight-color' as string]: color }}
    >
      <LevelHeading level={headingLevel} className={classNames('ink-card__title', titleClassName)}>
        {text}
      </LevelHeading>
      {colorName && <span className="ink-visually-hidden">{`${colorName} highlight`}</span>}
      {note && <p className="ink-highlight-card__note">{note}</p>}
      {pageTitle && <p className="ink-highlight-card__page">{pageTitle}</p>}
      {tags}
    </article>
  )
}
