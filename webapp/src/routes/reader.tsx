import { createFileRoute } from '@tanstack/react-router'
import { ReaderView } from '../reader/ReaderView'
import { parseReaderSearch } from '../reader/reader-search'

export const Route = createFileRoute('/reader')({
  validateSearch: parseReaderSearch,
  component: ReaderRoute,
})

function ReaderRoute() {
  return <ReaderView search={Route.useSearch()} />
}
