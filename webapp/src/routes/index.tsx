import { createFileRoute } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { Dashboard } from '../dashboard/Dashboard'
import { firstScreenKey } from '../dashboard/first-screen-snapshot'
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
  // The same view keeps the same object when other parameters change (a dialog opening): the
  // list is not computed again, nor its first screen copied again, for nothing.
  const parsed = parseDashboardSearch({ ...params })
  const viewKey = firstScreenKey(parsed)
  const search = useMemo(() => parsed, [viewKey])
  const onSearchChange = useCallback(
    (changes: Partial<DashboardSearch>) =>
      void navigate({ search: toDashboardSearchParams({ ...search, ...changes }) }),
    [navigate, search],
  )
  return <Dashboard search={search} onSearchChange={onSearchChange} />
}
