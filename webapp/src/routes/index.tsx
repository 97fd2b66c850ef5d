import { createFileRoute } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { Dashboard } from '../dashboard/Dashboard'
import {
  parseDashboardSearch,
  toDashboardSearchParams,
  type DashboardSearch,
} from '../lib/dashboard-search'

export const Route = createFileRoute('/')({
  validateSearch: (raw: Record<string, unknown>) =>
    toDashboardSearchParams(parseDashboardSearch(raw)),
  component: DashboardRoute,
})

function DashboardRoute() {
  const params = Route.useSearch()
  const navigate = Route.useNavigate()
  const search = useMemo(() => parseDashboardSearch({ ...params }), [params])
  const onSearchChange = useCallback(
    (changes: Partial<DashboardSearch>) =>
      void navigate({ search: toDashboardSearchParams({ ...search, ...changes }) }),
    [navigate, search],
  )
  return <Dashboard search={search} onSearchChange={onSearchChange} />
}
