import { encodeFilters } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_DASHBOARD_SEARCH,
  MAX_PAGE,
  parseDashboardSearch,
  toDashboardSearchParams,
} from './dashboard-search'

describe('parseDashboardSearch', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parseDashboardSearch({})).toEqual(DEFAULT_DASHBOARD_SEARCH)
  })

  it('reads valid values, numbers given as text included', () => {
    const filters = [{ key: 'tag' as const, value: 'research', logical: 'AND' as const }]
    expect(
      parseDashboardSearch({
        page: '3',
        type: 'marks',
        sortBy: 'createdAt',
        sortDirection: 'asc',
        groupBy: 'website',
        filters: encodeFilters(filters),
      }),
    ).toEqual({
      page: 3,
      type: 'marks',
      sortBy: 'createdAt',
      sortDirection: 'asc',
      groupBy: 'website',
      filters,
    })
  })

  it('falls back on each invalid value on its own', () => {
    expect(
      parseDashboardSearch({
        page: -2,
        type: 'videos',
        sortBy: 'title',
        sortDirection: 'sideways',
        groupBy: 'colour',
        filters: 'not base64 json',
      }),
    ).toEqual(DEFAULT_DASHBOARD_SEARCH)
    expect(parseDashboardSearch({ page: 2.5, sortBy: 'openedAt' })).toMatchObject({
      page: 1,
      sortBy: 'openedAt',
    })
    expect(parseDashboardSearch({ page: MAX_PAGE + 1 }).page).toBe(1)
    expect(parseDashboardSearch({ filters: 42 }).filters).toEqual([])
  })

  it('drops invalid filters and keeps the valid ones', () => {
    const raw = encodeFilters([{ key: 'origin', value: 'example.com' }])
    const mixed = btoa(
      JSON.stringify([
        { key: 'tag', value: '' },
        { key: 'origin', value: 'a.com' },
      ]),
    )
    expect(parseDashboardSearch({ filters: raw }).filters).toEqual([
      { key: 'origin', value: 'example.com' },
    ])
    expect(parseDashboardSearch({ filters: mixed }).filters).toEqual([
      { key: 'origin', value: 'a.com' },
    ])
  })
})

describe('toDashboardSearchParams', () => {
  it('leaves defaults out of the URL', () => {
    expect(toDashboardSearchParams(DEFAULT_DASHBOARD_SEARCH)).toEqual({})
    expect(toDashboardSearchParams({ page: 2, type: 'marks' })).toEqual({ page: 2, type: 'marks' })
  })

  it('round-trips through the URL', () => {
    const search = {
      ...DEFAULT_DASHBOARD_SEARCH,
      sortDirection: 'asc' as const,
      groupBy: 'none' as const,
      filters: [{ key: 'isImage' as const, value: 'true', logical: 'OR' as const }],
    }
    const params = toDashboardSearchParams(search)
    expect(typeof params.filters).toBe('string')
    expect(parseDashboardSearch({ ...params })).toEqual(search)
  })
})
