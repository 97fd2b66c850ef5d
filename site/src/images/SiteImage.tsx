// One of the site's screenshots as a responsive WebP <img>: a srcset of the build's variants,
// the page's `sizes`, and the intrinsic width/height from the committed manifest so the layout
// does not shift. Lazy by default; `priority` for the image that is the page's largest paint.
import type { ImgHTMLAttributes } from 'react'
import { IMAGE_MANIFEST } from './image-manifest'
import type { SiteImageName } from './image-names'
import { fallbackWidth, srcSetFor, variantUrl } from './image-variants'

export interface SiteImageProps {
  name: SiteImageName
  /** What the screenshot shows, for people who do not see it. */
  alt: string
  /** The image's rendered width per layout, e.g. '(min-width: 768px) 50vw, 100vw'. */
  sizes?: string
  /** The page's main image: loaded eagerly and early (fetchpriority=high), never lazily. */
  priority?: boolean
  className?: string
}

export function SiteImage({
  name,
  alt,
  sizes = '100vw',
  priority = false,
  className,
}: SiteImageProps) {
  const entry = IMAGE_MANIFEST[name]
  // React 18 knows no fetchPriority prop; the lowercase attribute goes to the HTML as it is.
  const loadingAttributes = (
    priority ? { loading: 'eager', fetchpriority: 'high' } : { loading: 'lazy' }
  ) as ImgHTMLAttributes<HTMLImageElement>
  return (
    <img
      src={variantUrl(name, fallbackWidth(entry), entry.hash)}
      srcSet={srcSetFor(name, entry)}
      sizes={sizes}
      width={entry.width}
      height={entry.height}
      alt={alt}
      decoding="async"
      className={className}
      {...loadingAttributes}
    />
  )
}
