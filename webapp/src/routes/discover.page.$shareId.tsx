import { createFileRoute } from '@tanstack/react-router'
import { PublicPageScreen } from '../discover/PublicPageScreen'

export const Route = createFileRoute('/discover/page/$shareId')({
  component: PublicPageRoute,
})

function PublicPageRoute() {
  const { shareId } = Route.useParams()
  return <PublicPageScreen key={shareId} shareId={shareId} />
}
