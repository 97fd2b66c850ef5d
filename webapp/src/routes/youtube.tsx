import { createFileRoute } from '@tanstack/react-router'
import { YoutubeView } from '../tools/YoutubeView'
import { parseYoutubeSearch } from '../tools/youtube-search'

export const Route = createFileRoute('/youtube')({
  validateSearch: parseYoutubeSearch,
  component: YoutubeRoute,
})

function YoutubeRoute() {
  return <YoutubeView search={Route.useSearch()} />
}
