import { createFileRoute } from '@tanstack/react-router'
import { DiscoverPage } from '../discover/DiscoverPage'

export const Route = createFileRoute('/discover/most-liked')({
  component: () => <DiscoverPage type="most-liked" />,
})
