// /explore: public pages by tag, from the relay's sharing feature (ADR 057, 061). The static HTML
// explains and links to the web app's explore (which works without this page's script); after
// hydration the tags, or with ?tag= that tag's pages, are fetched from the relay.
import type { PageMeta } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import '../learn.css'
import { DiscoverFeed } from './DiscoverFeed'
import { ExploreTags } from './ExploreTags'
import './explore.css'
import { exploreTagOf } from './public-answers'
import { useHydratedSearch } from './use-hydrated-search'

export function meta(): PageMeta {
  return {
    title: 'Explore Highlighted Pages by Tag | Inkmark',
    description:
      'Browse web pages that Inkmark users highlighted and shared publicly, by tag: articles, papers and guides with the passages readers found worth keeping.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Explore' }],
  }
}

/** The explore page. */
export default function ExplorePage() {
  const search = useHydratedSearch()
  const tag = search === null ? null : exploreTagOf(search)
  return (
    <div className="learn-page">
      <h1>{tag === null ? 'Explore' : `Explore: ${tag}`}</h1>
      <p className="learn-lead">
        Web pages people highlighted with Inkmark and chose to share publicly, by tag. Each shows
        the highlights its owner made public.
      </p>
      <p>
        <a href={`${siteConfig.appUrl}/explore`}>Open Explore in the Inkmark web app</a> ·{' '}
        <a href="/discover">Newest shared pages</a>
        {tag === null ? null : (
          <>
            {' · '}
            <a href="/explore">All tags</a>
          </>
        )}
      </p>
      {search === null ? null : tag === null ? (
        <section aria-labelledby="explore-tags">
          <h2 id="explore-tags">Tags</h2>
          <ExploreTags />
        </section>
      ) : (
        <section aria-labelledby="explore-pages">
          <h2 id="explore-pages">Pages tagged “{tag}”</h2>
          <DiscoverFeed order="newest" tag={tag} label={`Pages tagged ${tag}`} />
        </section>
      )}
    </div>
  )
}
