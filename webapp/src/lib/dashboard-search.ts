// The dashboard's URL parameters (site spec section 2: page, type, sortBy, sortDirection, groupBy
// and the base64 `filters`). URLs are pasted, shared and hand-edited, so reading them never fails:
// each invalid value falls back to its default on its own, and defaults are left out of the URL.
import {
  DEFAULT_PAGE,
  SORT_DIRECTIONS,
  SORT_KEYS,
  encodeFilters,
  parseFilters,
  type Filter,
  type SortDirection,
  type SortKey,
} from '@inkmark/shared'
import { z } from 'zod'

/** What the dashboard lists: pages (bookmarks) or highlights (marks). */
export const ListType = { BOOKMARKS: 'bookmarks', MARKS: 'marks' } as const
export type ListType = (typeof ListType)[keyof typeof ListType]

/** How the dashboard groups its items. */
export const GroupBy = { DATE: 'date', WEBSITE: 'website', NONE: 'none' } as const
export type GroupBy = (typeof GroupBy)[keyof typeof GroupBy]

/** The dashboard's parameters once read; `filters` is the decoded list. */
export interface DashboardSearch {
  page: number
  type: ListType
  sortBy: SortKey
  sortDirection: SortDirection
  groupBy: GroupBy
  filters: Filter[]
}

/** The dashboard of a bare `/`: recently updated pages, grouped by date. */
export const DEFAULT_DASHBOARD_SEARCH: DashboardSearch = {
  page: DEFAULT_PAGE,
  type: ListType.BOOKMARKS,
  sortBy: 'updatedAt',
  sortDirection: 'desc',
  groupBy: GroupBy.DATE,
  filters: [],
}

/** Past this page the list would hold more than a million items: nobody means that. */
export const MAX_PAGE = 20_000

const DashboardSearchSchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(DEFAULT_PAGE)
    .max(MAX_PAGE)
    .catch(DEFAULT_DASHBOARD_SEARCH.page),
  type: z.enum(ListType).catch(DEFAULT_DASHBOARD_SEARCH.type),
  sortBy: z.enum(SORT_KEYS).catch(DEFAULT_DASHBOARD_SEARCH.sortBy),
  sortDirection: z.enum(SORT_DIRECTIONS).catch(DEFAULT_DASHBOARD_SEARCH.sortDirection),
  groupBy: z.enum(GroupBy).catch(DEFAULT_DASHBOARD_SEARCH.groupBy),
  filters: z.unknown().transform((value) => (typeof value === 'string' ? parseFilters(value) : [])),
})

/** Reads the dashboard parameters; every missing or invalid one takes its default. */
export function parseDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  return DashboardSearchSchema.parse({
    page: raw.page ?? DEFAULT_DASHBOARD_SEARCH.page,
    type: raw.type,
    sortBy: raw.sortBy,
    sortDirection: raw.sortDirection,
    groupBy: raw.groupBy,
    filters: raw.filters,
  })
}

/** The parameters as they go into the URL: defaults left out, filters base64-encoded. */
export interface DashboardSearchParams {
  page?: number
  type?: ListType
  sortBy?: SortKey
  sortDirection?: SortDirection
  groupBy?: GroupBy
  filters?: string
}

/** Writes dashboard parameters for the URL, leaving out every value equal to its default. */
export function toDashboardSearchParams(search: Partial<DashboardSearch>): DashboardSearchParams {
  const full = { ...DEFAULT_DASHBOARD_SEARCH, ...search }
  const params: DashboardSearchParams = {}
  if (full.page !== DEFAULT_DASHBOARD_SEARCH.page) {
    params.page = full.page
  }
  if (full.type !== DEFAULT_DASHBOARD_SEARCH.type) {
    params.type = full.type
  }
  if (full.sortBy !== DEFAULT_DASHBOARD_SEARCH.sortBy) {
    params.sortBy = full.sortBy
  }
  if (full.sortDirection !== DEFAULT_DASHBOARD_SEARCH.sortDirection) {
    params.sortDirection = full.sortDirection
  }
  if (full.groupBy !== DEFAULT_DASHBOARD_SEARCH.groupBy) {
    params.groupBy = full.groupBy
  }
  if (full.filters.length > 0) {
    params.filters = encodeFilters(full.filters)
  }
  return params
}
