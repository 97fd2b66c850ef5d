import { createFileRoute } from '@tanstack/react-router'
import { ExplorePage } from '../discover/ExplorePage'
import { parseExploreSearch } from '../discover/explore-search'

export const Route = createFileRoute('/explore')({
  validateSearch: parseExploreSearch,
  component: ExploreRoute,
})

function ExploreRoute() {
  const { tag } = Route.useSearch()
  return <ExplorePage key={tag ?? ''} tag={tag} />
}
