import { createFileRoute } from '@tanstack/react-router'
import { PageDetail } from '../page-detail/PageDetail'

export const Route = createFileRoute('/page/$id')({
  component: PageDetailRoute,
})

function PageDetailRoute() {
  const { id } = Route.useParams()
  return <PageDetail key={id} bookmarkId={id} />
}
