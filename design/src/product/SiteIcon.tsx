// A page's site icon: the origin's favicon, or a letter avatar when there is none or it fails to
// load. Decorative (the site's name is written beside it), so it is hidden from screen readers.
import { useState } from 'react'
import { pictureSource } from '../lib/picture-source'
import { getSiteInfo } from '../lib/site'

/** Props of SiteIcon. */
export interface SiteIconProps {
  /** The page's URL (its origin gives the icon and the letter). */
  url: string
  /** An icon URL known for the page, tried before the origin's /favicon.ico; null for none (the
   *  letter avatar, with no request made). */
  iconUrl?: string | null
}

/** The icon of the page's site, 16 px. */
export function SiteIcon({ url, iconUrl }: SiteIconProps) {
  const site = getSiteInfo(url)
  const source = iconUrl === null ? undefined : pictureSource(iconUrl || site.iconUrl)
  const [failed, setFailed] = useState<string | undefined>(undefined)
  if (!source || failed === source) {
    return (
      <span className="ink-site-icon ink-site-icon--letter" aria-hidden="true">
        {site.letter}
      </span>
    )
  }
  return (
    <img
      className="ink-site-icon"
      src={source}
      alt=""
      width={16}
      height={16}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(source)}
    />
  )
}
