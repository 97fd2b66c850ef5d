// A page's cover picture in a box of fixed aspect ratio (no layout shift as it loads). Without a
// picture, or once it fails to load, nothing is rendered: never an empty box.
import { useState } from 'react'
import { classNames } from '../lib/class-names'
import { pictureSource } from '../lib/picture-source'

/** Props of CoverImage. */
export interface CoverImageProps {
  src?: string
  /** Width / height of the box: 16/9 by default. */
  aspectRatio?: number
  className?: string
}

/** The cover picture, or nothing. Decorative: the card's title names the page. */
export function CoverImage({ src: given, aspectRatio = 16 / 9, className }: CoverImageProps) {
  const [failed, setFailed] = useState<string | undefined>(undefined)
  const src = pictureSource(given)
  if (!src || failed === src) {
    return null
  }
  return (
    <div
      className={classNames('ink-cover', className)}
      style={{ aspectRatio: String(aspectRatio) }}
    >
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(src)}
      />
    </div>
  )
}
