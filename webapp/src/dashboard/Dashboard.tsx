// The dashboard: the library's pages or highlights, filtered, sorted, grouped and windowed. What
// is listed comes from the URL (see ../lib/dashboard-search.ts), how it is laid out from this
// device's view options; the list re-reads the store whenever the library changes.
import type { BookmarkWithCount, Filter, Mark } from '@inkmark/shared'
import { useCallback, useMemo, useRef } from 'react'
import { VirtualList } from '../components/VirtualList'
import { useElementSize } from '../components/use-element-size'
import { useLibraryQuery } from '../library/LibraryProvider'
import { listDashboardItems, withImageFlag } from '../lib/dashboard-items'
import { ListType, type DashboardSearch } from '../lib/dashboard-search'
import { toListRows, type ListRow } from '../lib/list-rows'
import { HEADING_ROW_HEIGHT, columnsFor, itemRowHeight } from '../lib/view-options'
import { EmptyLibrary } from '../shell/EmptyLibrary'
import { BookmarkCard } from './BookmarkCard'
import { DashboardControls } from './DashboardControls'
import { FilterBar } from './FilterBar'
import { MarkCard } from './MarkCard'
import { useViewOptions } from './use-view-options'
import './dashboard.css'

type Item = BookmarkWithCount | Mark

// Both kinds are loose objects (unknown keys kept), so `in` cannot tell them apart: counts can.
function isBookmarkItem(item: Item): item is BookmarkWithCount {
  return typeof item.marksCount === 'number'
}

/** Props of Dashboard: the URL's view and a way to change it. */
export interface DashboardProps {
  search: DashboardSearch
  onSearchChange: (changes: Partial<DashboardSearch>) => void
}

/** The library's dashboard. */
export function Dashboard({ search, onSearchChange }: DashboardProps) {
  const [viewOptions, setViewOptions] = useViewOptions()
  const listArea = useRef<HTMLDivElement>(null)
  const size = useElementSize(listArea)
  const libraryIsEmpty = useLibraryQuery((store) => store.getAllBookmarks().length === 0, [])
  const wantsImageFlag = search.filters.some((filter) => filter.key === 'isImage')
  const entities = useLibraryQuery(
    (store): Item[] =>
      search.type === ListType.MARKS
        ? store.getAllMarks()
        : wantsImageFlag
          ? store
              .getBookmarksWithCount()
              .map((bookmark) => withImageFlag(bookmark, store.getMarksForBookmark(bookmark._id)))
          : store.getBookmarksWithCount(),
    [search.type, wantsImageFlag],
  )
  const listing = useMemo(
    () =>
      listDashboardItems(entities, search, {
        now: Date.now(),
        timeZoneOffsetMinutes: -new Date().getTimezoneOffset(),
      }),
    [entities, search],
  )
  const columns = columnsFor(viewOptions, size.width)
  const rows = useMemo(() => toListRows(listing.groups, columns), [listing.groups, columns])
  const heightOf = useCallback(
    (row: ListRow<Item>) =>
      row.kind === 'heading' ? HEADING_ROW_HEIGHT : itemRowHeight(viewOptions),
    [viewOptions],
  )
  const addFilter = useCallback(
    (filter: Filter) => onSearchChange({ filters: [...search.filters, filter], page: 1 }),
    [onSearchChange, search.filters],
  )
  const noun = search.type === ListType.MARKS ? 'highlights' : 'pages'

  const renderRow = (row: ListRow<Item>) =>
    row.kind === 'heading' ? (
      <h2 className="group-heading">
        {row.label} <span className="group-count">({row.count})</span>
      </h2>
    ) : (
      <div
        className={`card-row card-row-${viewOptions.layout}`}
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {row.items.map((item) =>
          isBookmarkItem(item) ? (
            <BookmarkCard key={item._id} bookmark={item} options={viewOptions} onTag={addFilter} />
          ) : (
            <MarkCard key={item._id} mark={item} options={viewOptions} onTag={addFilter} />
          ),
        )}
      </div>
    )

  return (
    <div className="dashboard">
      <h1 className="visually-hidden">Library</h1>
      <DashboardControls
        search={search}
        onSearchChange={onSearchChange}
        viewOptions={viewOptions}
        onViewOptionsChange={setViewOptions}
      />
      <FilterBar
        filters={search.filters}
        onChange={(filters) => onSearchChange({ filters, page: 1 })}
      />
      <p className="list-summary" role="status">
        {libraryIsEmpty
          ? ''
          : `${listing.total} ${noun}${listing.hasMore ? `, showing ${listing.shown}` : ''}`}
      </p>
      <div className="list-area" ref={listArea}>
        {libraryIsEmpty ? (
          <EmptyLibrary />
        ) : listing.total === 0 ? (
          <div className="empty-state">
            <p>No {noun} match this view.</p>
            {search.filters.length > 0 && (
              <button
                type="button"
                className="button"
                onClick={() => onSearchChange({ filters: [], page: 1 })}
              >
                Clear filters
              </button>
            )}
          </div>
        ) : (
          <VirtualList
            rows={rows}
            keyOf={(row) => row.key}
            heightOf={heightOf}
            renderRow={renderRow}
            viewportHeight={size.height}
            label={search.type === ListType.MARKS ? 'Highlights' : 'Pages'}
          />
        )}
      </div>
      {listing.hasMore && (
        <div className="list-footer">
          <button
            type="button"
            className="button"
            onClick={() => onSearchChange({ page: search.page + 1 })}
          >
            Show more {noun}
          </button>
        </div>
      )}
    </div>
  )
}
