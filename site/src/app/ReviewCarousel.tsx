// The footer's rotating reviews. It moves on its own only while nobody is reading or working it
// (WCAG 2.2.2): a Pause button stops it, and it holds still while hovered or focused and for
// visitors who prefer reduced motion. While it rotates its region is not live (a screen reader is
// not interrupted every 4 s); when paused, Next and Previous announce the review they show.
import { useEffect, useState } from 'react'
import { CAROUSEL_INTERVAL_MS, carouselReviews, nextIndex, previousIndex } from './carousel'
import type { ReviewItem } from './site-content'

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

export function ReviewCarousel({ reviews }: { reviews: readonly ReviewItem[] }) {
  const items = carouselReviews(reviews)
  const [index, setIndex] = useState(0)
  const [pausedByButton, setPausedByButton] = useState(false)
  const [reducedMotion, setReducedMotion] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const paused = pausedByButton || reducedMotion || hovered || focused
  const count = items.length

  useEffect(() => setReducedMotion(prefersReducedMotion()), [])
  useEffect(() => {
    if (paused || count < 2) {
      return undefined
    }
    const timer = window.setInterval(
      () => setIndex((current) => nextIndex(current, count)),
      CAROUSEL_INTERVAL_MS,
    )
    return () => window.clearInterval(timer)
  }, [paused, count])

  if (count === 0) {
    return null
  }
  const review = items[Math.min(index, count - 1)]!
  return (
    <section
      className="site-carousel"
      aria-roledescription="carousel"
      aria-label="What people say about Inkmark"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) {
          setFocused(false)
        }
      }}
    >
      <figure
        className="site-carousel__item"
        aria-roledescription="slide"
        aria-label={`${Math.min(index, count - 1) + 1} of ${count}`}
        aria-live={paused ? 'polite' : 'off'}
      >
        <blockquote>
          <p>“{review.text}”</p>
        </blockquote>
        <figcaption>
          {review.author}
          {review.isSample ? <span className="site-sample"> Sample</span> : null}
        </figcaption>
      </figure>
      {count > 1 ? (
        <div className="site-carousel__controls">
          <button
            type="button"
            className="ink-button ink-button--ghost ink-button--sm"
            onClick={() => setIndex((current) => previousIndex(current, count))}
          >
            Previous
          </button>
          <button
            type="button"
            className="ink-button ink-button--ghost ink-button--sm"
            onClick={() => setPausedByButton((value) => !value)}
          >
            {pausedByButton ? 'Play' : 'Pause'}
          </button>
          <button
            type="button"
            className="ink-button ink-button--ghost ink-button--sm"
            onClick={() => setIndex((current) => nextIndex(current, count))}
          >
            Next
          </button>
        </div>
      ) : null}
    </section>
  )
}
