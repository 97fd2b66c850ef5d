// The dashboard's view controls: the presets (links, so each view has its URL), sort and grouping
// (URL parameters) and the layout (grid or list, size, hidden URLs: this device's view options).
import { SORT_KEYS, type SortDirection, type SortKey } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { SelectField } from '../components/SelectField'
import { capitalized } from '../lib/capitalized'
import { DASHBOARD_PRESETS, presetLabel, presetOf, presetView } from '../lib/dashboard-presets'
import { GroupBy, toDashboardSearchParams, type DashboardSearch } from '../lib/dashboard-search'
import { CARD_SIZES, Layout, OpenAs, type CardSize, type ViewOptions } from '../lib/view-options'

const SORT_LABELS: Record<SortKey, string> = {
  updatedAt: 'Last updated',
  openedAt: 'Last opened',
  createdAt: 'Created',
  modifiedAt: 'Last modified',
}
const GROUP_LABELS: Record<GroupBy, string> = {
  date: 'Date',
  website: 'Website',
  none: 'No grouping',
}

/** Props of DashboardControls. */
export interface DashboardControlsProps {
  search: DashboardSearch
  onSearchChange: (changes: Partial<DashboardSearch>) => void
  viewOptions: ViewOptions
  onViewOptionsChange: (changes: Partial<ViewOptions>) => void
}

/** Presets, sort, grouping and layout of the dashboard. */
export function DashboardControls({
  search,
  onSearchChange,
  viewOptions,
  onViewOptionsChange,
}: DashboardControlsProps) {
  const current = presetOf(search)
  return (
    <div className="dashboard-controls">
      <nav aria-label="Views" className="preset-nav">
        <ul>
          {DASHBOARD_PRESETS.map((preset) => (
            <li key={preset}>
              <Link
                to="/"
                search={toDashboardSearchParams({ ...presetView(preset), filters: search.filters })}
                aria-current={preset === current ? 'page' : undefined}
                className="preset-link"
                activeOptions={{ exact: true, includeSearch: true }}
              >
                {presetLabel(preset)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="control-row">
        <SelectField
          label="Sort by"
          value={search.sortBy}
          onChange={(event) => onSearchChange({ sortBy: event.target.value as SortKey, page: 1 })}
        >
          {SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {SORT_LABELS[key]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Order"
          value={search.sortDirection}
          onChange={(event) =>
            onSearchChange({ sortDirection: event.target.value as SortDirection, page: 1 })
          }
        >
          <option value="desc">Newest first</option>
          <option value="asc">Oldest first</option>
        </SelectField>
        <SelectField
          label="Group by"
          value={search.groupBy}
          onChange={(event) => onSearchChange({ groupBy: event.target.value as GroupBy })}
        >
          {Object.values(GroupBy).map((groupBy) => (
            <option key={groupBy} value={groupBy}>
              {GROUP_LABELS[groupBy]}
            </option>
          ))}
        </SelectField>
        <div role="group" aria-label="Layout" className="toggle-group">
          {Object.values(Layout).map((layout) => (
            <button
              key={layout}
              type="button"
              className="button"
              aria-pressed={viewOptions.layout === layout}
              onClick={() => onViewOptionsChange({ layout })}
            >
              {layout === Layout.GRID ? 'Grid' : 'List'}
            </button>
          ))}
        </div>
        <SelectField
          label="Size"
          value={viewOptions.size}
          onChange={(event) => onViewOptionsChange({ size: event.target.value as CardSize })}
        >
          {CARD_SIZES.map((size) => (
            <option key={size} value={size}>
              {capitalized(size)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Open pages as"
          value={viewOptions.openAs}
          onChange={(event) => onViewOptionsChange({ openAs: event.target.value as OpenAs })}
        >
          <option value={OpenAs.PAGE}>Page</option>
          <option value={OpenAs.POPUP}>Popup</option>
        </SelectField>
        <label className="checkbox-label">
          <input
            type="checkbox"
            checked={viewOptions.hideUrl}
            onChange={(event) => onViewOptionsChange({ hideUrl: event.target.checked })}
          />{' '}
          Hide URLs
        </label>
      </div>
    </div>
  )
}
