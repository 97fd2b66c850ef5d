import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '../account/LegalPage'

export const Route = createFileRoute('/legal')({
  component: () => <LegalPage />,
})
