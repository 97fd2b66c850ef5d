// /discover: the public pages Inkmark users shared, newest first, or most liked with
// ?sort=most-liked (ADR 057, 061). The static HTML explains and links to the web app's discover;
// after hydration the feed is fetched from the relay.
import type { PageMeta } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import '../learn.css'
import { DiscoverFeed } from './DiscoverFeed'
import './explore.css'
import { feedOrderOf } from './public-answers'
import { useHydratedSearch } from './use-hydrated-search'

export function meta(): PageMeta {
  return {
    title: 'Discover Highlighted Pages | Inkmark',
    description:
      'The newest and most liked web pages Inkmark users highlighted and shared publicly: see what others found worth keeping.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Discover' }],
  }
}

/** The discover page. */
export default function DiscoverPage() {
  const search = useHydratedSearch()
  const order = search === null ? 'newest' : feedOrderOf(search)
  return (
    <div className="learn-page">
      <h1>Discover</h1>
      <p className="learn-lead">
        Pages people highlighted with Inkmark and chose to share with everyone, with the highlights
        they made public.
      </p>
      <p>
        <a href={`${siteConfig.appUrl}/discover`}>Open Discover in the Inkmark web app</a> ·{' '}
        <a href="/explore">Explore by tag</a>
      </p>
      <nav aria-label="Order" className="explore-order">
        <a href="/discover" aria-current={order === 'newest' ? 'page' : undefined}>
          Newest
        </a>
        <a
          href="/discover?sort=most-liked"
          aria-current={order === 'most-liked' ? 'page' : undefined}
        >
          Most liked
        </a>
      </nav>
      <h2>{order === 'newest' ? 'Newest shared pages' : 'Most liked shared pages'}</h2>
      {search === null ? null : (
        <DiscoverFeed
          order={order}
          label={order === 'newest' ? 'Newest shared pages' : 'Most liked shared pages'}
        />
      )}
    </div>
  )
}
