// /testimonials, the Wall of Love: every review from the operator's content (or, outside
// production, the marked samples), five stars each (spec section 9), 24x24 avatars.
import type { PageMeta } from '../../../app/route-types'
import { loadReviews } from '../../../content/reviews'
import { Avatar } from '../Avatar'
import '../learn.css'
import { SampleBadge } from '../SampleBadge'
import './testimonials.css'

export function meta(): PageMeta {
  return {
    title: 'Wall of Love: What People Say About Inkmark',
    description:
      'Reviews of Inkmark, the highlighter for web pages and PDFs, from the people who use it.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Wall of Love' }],
  }
}

/** The Wall of Love. */
export default function TestimonialsPage() {
  const reviews = loadReviews()
  return (
    <div className="learn-page testimonials-page">
      <h1>Wall of Love</h1>
      <p className="learn-lead">What people who use Inkmark say about it.</p>
      {reviews.length === 0 ? (
        <div className="ink-card learn-empty">
          <h2>No reviews yet</h2>
          <p>
            When people review Inkmark, their words appear here. Using Inkmark? A review in your
            browser&apos;s extension store helps others find it.
          </p>
        </div>
      ) : (
        <ul className="testimonials-wall" aria-label="Reviews">
          {reviews.map((review, index) => (
            <li key={`${review.reviewer.name}-${index}`} className="ink-card testimonials-item">
              <figure>
                <span className="testimonials-stars" role="img" aria-label="5 out of 5 stars">
                  ★★★★★
                </span>
                <blockquote>
                  <p>{review.reviewText}</p>
                </blockquote>
                <figcaption className="learn-person">
                  <Avatar name={review.reviewer.name} url={review.reviewer.avatarURL} />
                  <span>{review.reviewer.name}</span>
                  {review.isSample ? <SampleBadge /> : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
