import { createRootRoute } from '@tanstack/react-router'
import { AppRoot } from '../shell/AppRoot'
import { NotFound } from '../shell/NotFound'
import { parseDialogSearch } from '../shell/use-dialog'

export const Route = createRootRoute({
  validateSearch: parseDialogSearch,
  component: AppRoot,
  notFoundComponent: NotFound,
})
