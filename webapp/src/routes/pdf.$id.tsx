import { createFileRoute } from '@tanstack/react-router'
import { PdfViewerPage } from '../pdf/PdfViewerPage'

export const Route = createFileRoute('/pdf/$id')({
  component: PdfViewerRoute,
})

function PdfViewerRoute() {
  const { id } = Route.useParams()
  return <PdfViewerPage key={id} bookmarkId={id} />
}
