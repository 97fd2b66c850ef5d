// A page in the library: site icon and name, title (the caller's link), excerpt, counts and tags,
// with the cover picture beside the text when the page has one. A card of fixed height in a grid
// or a list must not grow a tall empty box, so the picture is a thumbnail of fixed ratio, or absent.
import type { ReactNode } from 'react'
import { classNames } from '../lib/class-names'
import { countLabel } from '../lib/plural'
import { getSiteInfo } from '../lib/site'
import { CoverImage } from './CoverImage'
import { LevelHeading, type HeadingLevel } from './heading'
import { SiteIcon } from './SiteIcon'

/** Props of PageCard. */
export interface PageCardProps {
  /** The title, usually a link to the page. */
  title: ReactNode
  /** The page's URL: gives the site's name and icon. */
  url: string
  /** The site's name when known (else the host). */
  siteName?: string
  /** A known icon for the site. */
  iconUrl?: string
  /** The cover picture (the page's image or meta image). */
  imageUrl?: string
  excerpt?: string
  /** Counts, shown once known. */
  highlightCount?: number
  noteCount?: number
  /** Shown after the title (e.g. a star). */
  badges?: ReactNode
  /** The tags, as TagChips. */
  tags?: ReactNode
  /** Whether the site line is shown. */
  showSite?: boolean
  headingLevel?: HeadingLevel
  className?: string
  titleClassName?: string
}

/** "3 highlights · 1 note", or undefined before the counts are known. */
export function pageCountsText(highlightCount?: number, noteCount = 0): string | undefined {
  if (highlightCount === undefined) {
    return undefined
  }
  const highlights = countLabel(highlightCount, 'highlight')
  return noteCount > 0 ? `${highlights} · ${countLabel(noteCount, 'note')}` : highlights
}

/** A page's card. */
export function PageCard({
  title,
  url,
  siteName,
  iconUrl,
  imageUrl,
  excerpt,
  highlightCount,
  noteCount,
  badges,
  tags,
  showSite = true,
  headingLevel = 3,
  className,
  titleClassName,
}: PageCardProps) {
  const counts = pageCountsText(highlightCount, noteCount)
  return (
    <article className={classNames('ink-card', 'ink-page-card', className)}>
      <div className="ink-page-card__body">
        {showSite && (
          <p className="ink-page-card__site">
            <SiteIcon url={url} iconUrl={iconUrl} />
            <span className="ink-page-card__site-name">{siteName || getSiteInfo(url).host}</span>
          </p>
        )}
        <LevelHeading
          level={headingLevel}
          className={classNames('ink-card__title', titleClassName)}
        >
          {title}
          {badges}
        </LevelHeading>
        {excerpt && <p className="ink-page-card__excerpt">{excerpt}</p>}
        {counts && <p className="ink-card__meta">{counts}</p>}
        {tags}
      </div>
      <CoverImage src={imageUrl} className="ink-page-card__cover" />
    </article>
  )
}
