import { createFileRoute } from '@tanstack/react-router'
import { AskLibraryPage } from '../ask-library/AskLibraryPage'
import { parseAskSearch } from '../ask-library/ask-search'

export const Route = createFileRoute('/ask')({
  validateSearch: parseAskSearch,
  component: AskLibraryRoute,
})

function AskLibraryRoute() {
  return <AskLibraryPage question={Route.useSearch().q} />
}
