// The dashboard's view from the URL's parameters, and the way to change it, for the live dashboard
// (routes/index.tsx) and the first screen drawn while the library opens (shell/FirstScreen.tsx).
// The same view keeps the same object when other parameters change (a dialog opening): the list
// is not computed again, nor its first screen copied again, for nothing.
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import {
  parseDashboardSearch,
  toDashboardSearchParams,
  type DashboardSearch,
} from '../lib/dashboard-search'
import { firstScreenKey } from './first-screen-snapshot'

/** The view `raw` (the URL's parameters) names, and a function that moves to another. */
export function useDashboardView(raw: Record<string, unknown>): {
  search: DashboardSearch
  onSearchChange: (changes: Partial<DashboardSearch>) => void
} {
  const navigate = useNavigate()
  const parsed = parseDashboardSearch({ ...raw })
  const viewKey = firstScreenKey(parsed)
  const search = useMemo(() => parsed, [viewKey])
  const onSearchChange = useCallback(
    (changes: Partial<DashboardSearch>) =>
      void navigate({ to: '/', search: toDashboardSearchParams({ ...search, ...changes }) }),
    [navigate, search],
  )
  return { search, onSearchChange }
}
