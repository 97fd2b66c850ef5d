import { createFileRoute } from '@tanstack/react-router'
import { DiscoverPage } from '../discover/DiscoverPage'

export const Route = createFileRoute('/discover/')({
  component: () => <DiscoverPage type="newest" />,
})
