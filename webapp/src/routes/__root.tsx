import { createRootRoute } from '@tanstack/react-router'
import { AppLayout } from '../shell/AppLayout'
import { NotFound } from '../shell/NotFound'
import { parseDialogSearch } from '../shell/use-dialog'

export const Route = createRootRoute({
  validateSearch: parseDialogSearch,
  component: AppLayout,
  notFoundComponent: NotFound,
})
