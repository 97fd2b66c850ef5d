// The dashboard's presets (spec section 2): named shortcuts for a list type, sort and grouping.
// A preset only writes URL parameters, so every preset view can be linked and shared, and a URL
// that matches none of them is still a valid view of its own.
import { GroupBy, ListType, type DashboardSearch } from './dashboard-search'

/** The presets in the order the spec lists them. */
export const DASHBOARD_PRESETS = [
  'recentlyUpdated',
  'recentlyOpened',
  'recentlyCreated',
  'groupPagesByWebsite',
  'pages',
  'highlights',
] as const
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number]

type PresetView = Pick<DashboardSearch, 'type' | 'sortBy' | 'sortDirection' | 'groupBy'>

const PRESET_VIEWS: Record<DashboardPreset, PresetView> = {
  recentlyUpdated: {
    type: ListType.BOOKMARKS,
    sortBy: 'updatedAt',
    sortDirection: 'desc',
    groupBy: GroupBy.DATE,
  },
  recentlyOpened: {
    type: ListType.BOOKMARKS,
    sortBy: 'openedAt',
    sortDirection: 'desc',
    groupBy: GroupBy.DATE,
  },
  recentlyCreated: {
    type: ListType.BOOKMARKS,
    sortBy: 'createdAt',
    sortDirection: 'desc',
    groupBy: GroupBy.DATE,
  },
  groupPagesByWebsite: {
    type: ListType.BOOKMARKS,
    sortBy: 'updatedAt',
    sortDirection: 'desc',
    groupBy: GroupBy.WEBSITE,
  },
  pages: {
    type: ListType.BOOKMARKS,
    sortBy: 'createdAt',
    sortDirection: 'desc',
    groupBy: GroupBy.NONE,
  },
  highlights: {
    type: ListType.MARKS,
    sortBy: 'createdAt',
    sortDirection: 'desc',
    groupBy: GroupBy.DATE,
  },
}

const PRESET_LABELS: Record<DashboardPreset, string> = {
  recentlyUpdated: 'Recently updated',
  recentlyOpened: 'Recently opened',
  recentlyCreated: 'Recently created',
  groupPagesByWebsite: 'By website',
  pages: 'Pages',
  highlights: 'Highlights',
}

/** The list type, sort and grouping a preset stands for. */
export function presetView(preset: DashboardPreset): PresetView {
  return PRESET_VIEWS[preset]
}

/** The label shown for a preset. */
export function presetLabel(preset: DashboardPreset): string {
  return PRESET_LABELS[preset]
}

/** The preset a view is, or undefined when the URL asks for a combination no preset names. */
export function presetOf(search: DashboardSearch): DashboardPreset | undefined {
  return DASHBOARD_PRESETS.find((preset) => {
    const view = PRESET_VIEWS[preset]
    return (
      view.type === search.type &&
      view.sortBy === search.sortBy &&
      view.sortDirection === search.sortDirection &&
      view.groupBy === search.groupBy
    )
  })
}
