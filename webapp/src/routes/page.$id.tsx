import { createFileRoute } from '@tanstack/react-router'
import { useRecordOpened } from '../library/use-record-opened'
import { PageDetail } from '../page-detail/PageDetail'

export const Route = createFileRoute('/page/$id')({
  component: PageDetailRoute,
})

function PageDetailRoute() {
  const { id } = Route.useParams()
  useRecordOpened(id)
  return <PageDetail key={id} bookmarkId={id} />
}
