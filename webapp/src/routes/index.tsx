import { createFileRoute } from '@tanstack/react-router'
import { Dashboard } from '../dashboard/Dashboard'
import { LearningTeaser } from '../learning/LearningTeaser'
import { useDashboardView } from '../dashboard/use-dashboard-view'
import { parseDashboardSearch, toDashboardSearchParams } from '../lib/dashboard-search'

export const Route = createFileRoute('/')({
  validateSearch: (raw: Record<string, unknown>) =>
    toDashboardSearchParams(parseDashboardSearch(raw)),
  component: DashboardRoute,
})

function DashboardRoute() {
  const { search, onSearchChange } = useDashboardView({ ...Route.useSearch() })
  return (
    <>
      <LearningTeaser />
      <Dashboard search={search} onSearchChange={onSearchChange} />
    </>
  )
}
