import { describe, expect, it } from 'vitest'
import { DASHBOARD_PRESETS, presetLabel, presetOf, presetView } from './dashboard-presets'
import { DEFAULT_DASHBOARD_SEARCH } from './dashboard-search'

describe('dashboard presets', () => {
  it('are the spec list, in order', () => {
    expect(DASHBOARD_PRESETS).toEqual([
      'recentlyUpdated',
      'recentlyOpened',
      'recentlyCreated',
      'groupPagesByWebsite',
      'pages',
      'highlights',
    ])
  })

  it('the default dashboard is recently updated', () => {
    expect(presetOf(DEFAULT_DASHBOARD_SEARCH)).toBe('recentlyUpdated')
  })

  it('each preset is recognised from its own view, and none from an unnamed combination', () => {
    for (const preset of DASHBOARD_PRESETS) {
      expect(presetOf({ ...DEFAULT_DASHBOARD_SEARCH, ...presetView(preset) })).toBe(preset)
      expect(presetLabel(preset)).not.toBe('')
    }
    expect(presetOf({ ...DEFAULT_DASHBOARD_SEARCH, sortDirection: 'asc' })).toBeUndefined()
  })

  it('highlights lists marks, the others pages', () => {
    expect(presetView('highlights').type).toBe('marks')
    expect(presetView('groupPagesByWebsite').groupBy).toBe('website')
  })
})
