// The dashboard's view controls: the presets (links, so each view has its URL), sort and grouping
// (URL parameters) and the layout (grid or list, size, hidden URLs: this device's view options).
// On narrow screens they are one "View" menu in the toolbar instead (docs/adr/040-mobile-layout.md);
// each is shown only at its widths, so neither is read twice.
import { Button } from '@inkmark/design'
import { SORT_KEYS, type SortDirection, type SortKey } from '@inkmark/shared'
import { Link, useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import {
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  type Selection,
} from 'react-aria-components'
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
  return (
    <>
      <WideControls
        search={search}
        onSearchChange={onSearchChange}
        viewOptions={viewOptions}
        onViewOptionsChange={onViewOptionsChange}
      />
      <ViewMenu
        search={search}
        onSearchChange={onSearchChange}
        viewOptions={viewOptions}
        onViewOptionsChange={onViewOptionsChange}
      />
    </>
  )
}

/** The controls laid out in a row, on wide screens. */
function WideControls({
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

/** The one key of a single selection. */
function selectedKey(selection: Selection): string | undefined {
  if (selection === 'all') {
    return undefined
  }
  const [first] = selection
  return first === undefined ? undefined : String(first)
}

/** A titled section of the View menu in which one item is chosen. */
function ChoiceSection({
  name,
  title,
  selected,
  onSelect,
  children,
}: {
  /** Prefixes the section's item ids, which must be unique in the whole menu. */
  name: string
  title: string
  selected: string | undefined
  onSelect: (key: string) => void
  children: ReactNode
}) {
  return (
    <MenuSection
      className="ink-menu__section"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={selected === undefined ? [] : [`${name}:${selected}`]}
      onSelectionChange={(selection) => {
        const key = selectedKey(selection)
        if (key?.startsWith(`${name}:`)) {
          onSelect(key.slice(name.length + 1))
        }
      }}
    >
      <Header className="ink-menu__header">{title}</Header>
      {children}
    </MenuSection>
  )
}

/** An item of the View menu, with a check when it is the current choice. */
function Choice({ section, id, children }: { section: string; id: string; children: string }) {
  return (
    <MenuItem
      id={`${section}:${id}`}
      className="ink-menu__item view-menu-item"
      textValue={children}
    >
      {({ isSelected }) => (
        <>
          <span className="view-menu-check" aria-hidden="true">
            {isSelected ? '✓' : ''}
          </span>
          {children}
        </>
      )}
    </MenuItem>
  )
}

/** Every control in one menu, for narrow screens. */
function ViewMenu({
  search,
  onSearchChange,
  viewOptions,
  onViewOptionsChange,
}: DashboardControlsProps) {
  const navigate = useNavigate()
  const current = presetOf(search)
  return (
    <div className="view-menu">
      <MenuTrigger>
        <Button className="view-menu-button">
          View: {current === undefined ? 'Custom' : presetLabel(current)}
        </Button>
        <Popover className="ink-popover" placement="bottom start">
          <Menu aria-label="View" className="ink-menu view-menu-list">
            <ChoiceSection
              name="preset"
              title="Show"
              selected={current}
              onSelect={(preset) => {
                const chosen = DASHBOARD_PRESETS.find((candidate) => candidate === preset)
                if (chosen !== undefined) {
                  void navigate({
                    to: '/',
                    search: toDashboardSearchParams({
                      ...presetView(chosen),
                      filters: search.filters,
                    }),
                  })
                }
              }}
            >
              {DASHBOARD_PRESETS.map((preset) => (
                <Choice section="preset" key={preset} id={preset}>
                  {presetLabel(preset)}
                </Choice>
              ))}
            </ChoiceSection>
            <ChoiceSection
              name="sort"
              title="Sort by"
              selected={search.sortBy}
              onSelect={(key) => onSearchChange({ sortBy: key as SortKey, page: 1 })}
            >
              {SORT_KEYS.map((key) => (
                <Choice section="sort" key={key} id={key}>
                  {SORT_LABELS[key]}
                </Choice>
              ))}
            </ChoiceSection>
            <ChoiceSection
              name="order"
              title="Order"
              selected={search.sortDirection}
              onSelect={(key) => onSearchChange({ sortDirection: key as SortDirection, page: 1 })}
            >
              <Choice section="order" id="desc">
                Newest first
              </Choice>
              <Choice section="order" id="asc">
                Oldest first
              </Choice>
            </ChoiceSection>
            <ChoiceSection
              name="group"
              title="Group by"
              selected={search.groupBy}
              onSelect={(key) => onSearchChange({ groupBy: key as GroupBy })}
            >
              {Object.values(GroupBy).map((groupBy) => (
                <Choice section="group" key={groupBy} id={groupBy}>
                  {GROUP_LABELS[groupBy]}
                </Choice>
              ))}
            </ChoiceSection>
            <ChoiceSection
              name="layout"
              title="Layout"
              selected={viewOptions.layout}
              onSelect={(key) => onViewOptionsChange({ layout: key as Layout })}
            >
              <Choice section="layout" id={Layout.GRID}>
                Grid
              </Choice>
              <Choice section="layout" id={Layout.LIST}>
                List
              </Choice>
            </ChoiceSection>
            <ChoiceSection
              name="size"
              title="Size"
              selected={viewOptions.size}
              onSelect={(key) => onViewOptionsChange({ size: key as CardSize })}
            >
              {CARD_SIZES.map((size) => (
                <Choice section="size" key={size} id={size}>
                  {capitalized(size)}
                </Choice>
              ))}
            </ChoiceSection>
            <ChoiceSection
              name="open"
              title="Open pages as"
              selected={viewOptions.openAs}
              onSelect={(key) => onViewOptionsChange({ openAs: key as OpenAs })}
            >
              <Choice section="open" id={OpenAs.PAGE}>
                Page
              </Choice>
              <Choice section="open" id={OpenAs.POPUP}>
                Popup
              </Choice>
            </ChoiceSection>
            <ChoiceSection
              name="url"
              title="Addresses"
              selected={viewOptions.hideUrl ? 'hide' : 'show'}
              onSelect={(key) => onViewOptionsChange({ hideUrl: key === 'hide' })}
            >
              <Choice section="url" id="show">
                Show URLs
              </Choice>
              <Choice section="url" id="hide">
                Hide URLs
              </Choice>
            </ChoiceSection>
          </Menu>
        </Popover>
      </MenuTrigger>
    </div>
  )
}
