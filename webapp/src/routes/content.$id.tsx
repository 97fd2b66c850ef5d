import { createFileRoute } from '@tanstack/react-router'
import { ContentDetail } from '../content/ContentDetail'

export const Route = createFileRoute('/content/$id')({
  component: ContentRoute,
})

function ContentRoute() {
  const { id } = Route.useParams()
  return <ContentDetail key={id} bookmarkId={id} />
}
