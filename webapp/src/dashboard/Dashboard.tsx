// The dashboard: the library's pages or highlights, filtered, sorted, grouped and windowed. What
// is listed comes from the URL (see ../lib/dashboard-search.ts), how it is laid out from this
// device's view options; the list re-reads the store whenever the library changes.
import type { Bookmark, BookmarkWithCount, Filter, Mark } from '@inkmark/shared'
import { memo, useCallback, useMemo, useRef } from 'react'
import { VirtualList } from '../components/VirtualList'
import { useElementSize } from '../components/use-element-size'
import { useLibraryDecoded, useLibraryQuery } from '../library/LibraryProvider'
import { listDashboardItems, withImageFlag } from '../lib/dashboard-items'
import { ListType, type DashboardSearch } from '../lib/dashboard-search'
import { toListRows, type ListRow } from '../lib/list-rows'
import {
  HEADING_ROW_HEIGHT,
  columnsFor,
  itemRowHeight,
  type ViewOptions,
} from '../lib/view-options'
import { EmptyLibrary } from '../shell/EmptyLibrary'
import { BookmarkCard } from './BookmarkCard'
import { DashboardControls } from './DashboardControls'
import { FilterBar } from './FilterBar'
import { MarkCard } from './MarkCard'
import { useViewOptions } from './use-view-options'
import './dashboard.css'

/** A page, with its counts once the library's marks are decoded (see below), or a highlight. */
type Item = Bookmark | BookmarkWithCount | Mark

/** How a row of cards is laid out, and what a tag click does. */
interface RowLayout {
  listsMarks: boolean
  viewOptions: ViewOptions
  columns: number
  onTag: (filter: Filter) => void
}

/**
 * One row of the virtual list. Memoised: scrolling re-renders the list every frame, and only the
 * rows entering the window need rendering (the row objects stay the same while the list does).
 */
const DashboardRow = memo(function DashboardRow({
  row,
  layout,
}: {
  row: ListRow<Item>
  layout: RowLayout
}) {
  if (row.kind === 'heading') {
    return (
      <h2 className="group-heading">
        {row.label} <span className="group-count">({row.count})</span>
      </h2>
    )
  }
  const { listsMarks, viewOptions, columns, onTag } = layout
  return (
    <div
      className={`card-row card-row-${viewOptions.layout}`}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {row.items.map((item) =>
        listsMarks ? (
          <MarkCard key={item._id} mark={item as Mark} options={viewOptions} onTag={onTag} />
        ) : (
          <BookmarkCard
            key={item._id}
            bookmark={item as Bookmark}
            options={viewOptions}
            onTag={onTag}
          />
        ),
      )}
    </div>
  )
})

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
  // Counting each page's highlights reads every mark. Until the library has been decoded in the
  // background, pages are listed without their counts (nothing else here needs the marks), so
  // the first screen does not wait for 50,000 marks to be parsed; the counts follow in a moment.
  const decoded = useLibraryDecoded()
  const entities = useLibraryQuery(
    (store): Item[] =>
      search.type === ListType.MARKS
        ? store.getAllMarks()
        : wantsImageFlag
          ? store
              .getBookmarksWithCount()
              .map((bookmark) => withImageFlag(bookmark, store.getMarksForBookmark(bookmark._id)))
          : decoded
            ? store.getBookmarksWithCount()
            : store.getAllBookmarks(),
    [search.type, wantsImageFlag, decoded],
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
  const listsMarks = search.type === ListType.MARKS
  const noun = listsMarks ? 'highlights' : 'pages'
  const layout = useMemo<RowLayout>(
    () => ({ listsMarks, viewOptions, columns, onTag: addFilter }),
    [listsMarks, viewOptions, columns, addFilter],
  )
  const renderRow = useCallback(
    (row: ListRow<Item>) => <DashboardRow row={row} layout={layout} />,
    [layout],
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
