import { createFileRoute } from '@tanstack/react-router'
import { NotionCallbackPage } from '../integrations/NotionCallbackPage'

export const Route = createFileRoute('/oauth/notion')({
  component: NotionCallbackPage,
})
