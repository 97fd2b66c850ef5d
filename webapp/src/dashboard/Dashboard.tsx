// The dashboard: the library's pages or highlights, filtered, sorted, grouped and windowed. What
// is listed comes from the URL (see ../lib/dashboard-search.ts), how it is laid out from this
// device's view options; the list re-reads the store whenever the library changes. While the
// library opens, the same view is drawn from the snapshot the live list keeps of its first
// screen (first-screen-snapshot.ts).
import type { Bookmark, Filter, Mark } from '@inkmark/shared'
import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { VirtualList } from '../components/VirtualList'
import { useElementSize } from '../components/use-element-size'
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../components/use-media-query'
import { useLibraryDecoded, useLibraryQuery } from '../library/LibraryProvider'
import {
  currentClock,
  groupEntities,
  listDashboardItems,
  withImageFlag,
  withMemoryLevels,
  type ItemGroup,
  type ListableEntity,
} from '../lib/dashboard-items'
import { ListType, type DashboardSearch } from '../lib/dashboard-search'
import { toListRows, type ListRow } from '../lib/list-rows'
import {
  HEADING_ROW_HEIGHT,
  columnsFor,
  itemRowHeight,
  type ViewOptions,
} from '../lib/view-options'
import { EmptyLibrary } from '../shell/EmptyLibrary'
import { BookmarkCard, type CardBookmark } from './BookmarkCard'
import { DashboardControls } from './DashboardControls'
import { FilterBar } from './FilterBar'
import { MarkCard, type CardMark } from './MarkCard'
import {
  MAX_FIRST_SCREEN_ITEMS,
  firstScreenKey,
  readFirstScreen,
  toSnapshotBookmark,
  toSnapshotMark,
  writeFirstScreen,
} from './first-screen-snapshot'
import { useViewOptions } from './use-view-options'
import './dashboard.css'

/** A page, with its counts once the library's marks are decoded (see below), or a highlight. */
type Item = (CardBookmark | CardMark) & ListableEntity

/** What a view lists: its groups of items as shown, and how many items the view has in all. */
interface Listing {
  groups: ItemGroup<Item>[]
  total: number
  shown: number
  hasMore: boolean
}

/** How long the list stays unchanged before its first screen is copied (sync may bring bursts). */
const SNAPSHOT_DELAY_MS = 300

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
          <MarkCard key={item._id} mark={item as CardMark} options={viewOptions} onTag={onTag} />
        ) : (
          <BookmarkCard
            key={item._id}
            bookmark={item as CardBookmark}
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
  const libraryIsEmpty = useLibraryQuery((store) => store.getAllBookmarks().length === 0, [])
  const wantsImageFlag = search.filters.some((filter) => filter.key === 'isImage')
  const wantsMemoryLevels = search.filters.some((filter) => filter.key === 'memoryLevel')
  // Counting each page's highlights reads every mark. Until the library has been decoded in the
  // background, pages are listed without their counts (nothing else here needs the marks), so
  // the first screen does not wait for 50,000 marks to be parsed; the counts follow in a moment.
  const decoded = useLibraryDecoded()
  const entities = useLibraryQuery(
    (store): (Bookmark | Mark)[] =>
      search.type === ListType.MARKS
        ? store.getAllMarks()
        : wantsImageFlag || wantsMemoryLevels
          ? store.getBookmarksWithCount().map((bookmark) => {
              const marks = store.getMarksForBookmark(bookmark._id)
              const flagged = wantsImageFlag ? withImageFlag(bookmark, marks) : bookmark
              return wantsMemoryLevels ? withMemoryLevels(flagged, marks) : flagged
            })
          : decoded
            ? store.getBookmarksWithCount()
            : store.getAllBookmarks(),
    [search.type, wantsImageFlag, wantsMemoryLevels, decoded],
  )
  const listing = useMemo(
    () => listDashboardItems(entities, search, currentClock()),
    [entities, search],
  )
  useEffect(() => {
    if (listing.shown > MAX_FIRST_SCREEN_ITEMS) {
      return undefined
    }
    const timer = setTimeout(() => {
      const shown = listing.groups.flatMap((group) => group.items)
      const counts = { total: listing.total, hasMore: listing.hasMore, libraryIsEmpty }
      const key = firstScreenKey(search)
      writeFirstScreen(
        search.type === ListType.MARKS
          ? { key, type: 'marks', ...counts, items: (shown as Mark[]).map(toSnapshotMark) }
          : {
              key,
              type: 'bookmarks',
              ...counts,
              items: (shown as Bookmark[]).map(toSnapshotBookmark),
            },
      )
    }, SNAPSHOT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [listing, search, libraryIsEmpty])
  return (
    <DashboardView
      search={search}
      onSearchChange={onSearchChange}
      listing={listing}
      libraryIsEmpty={libraryIsEmpty}
    />
  )
}

/**
 * The dashboard drawn from the snapshot of this view's first screen, while the library opens;
 * `fallback` when this view has none.
 */
export function DashboardFirstScreen({
  search,
  onSearchChange,
  fallback,
}: DashboardProps & { fallback: ReactNode }) {
  const shown = useMemo((): { listing: Listing; libraryIsEmpty: boolean } | undefined => {
    const screen = readFirstScreen(firstScreenKey(search))
    if (screen === undefined || screen.type !== search.type) {
      return undefined
    }
    const items: Item[] = screen.items
    const listing = {
      // Grouped again with today's clock: "Today" of the day the copy was made may be "Yesterday".
      groups: groupEntities(items, search.groupBy, search.sortBy, currentClock()),
      total: screen.total,
      shown: items.length,
      hasMore: screen.hasMore,
    }
    return { listing, libraryIsEmpty: screen.libraryIsEmpty }
  }, [search])
  if (shown === undefined) {
    return fallback
  }
  return (
    <DashboardView
      search={search}
      onSearchChange={onSearchChange}
      listing={shown.listing}
      libraryIsEmpty={shown.libraryIsEmpty}
      opening
    />
  )
}

/**
 * How a listing is shown: controls, filters, summary, the windowed list and "Show more". While
 * `opening` (drawn from the snapshot), adding a filter waits: its choices come from the library.
 */
function DashboardView({
  search,
  onSearchChange,
  listing,
  libraryIsEmpty,
  opening = false,
}: DashboardProps & { listing: Listing; libraryIsEmpty: boolean; opening?: boolean }) {
  const [viewOptions, setViewOptions] = useViewOptions()
  const listArea = useRef<HTMLDivElement>(null)
  const size = useElementSize(listArea)
  // Narrow screens: one card per row, and the list scrolls with the page (ADR 040).
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY)
  const columns = narrow ? 1 : columnsFor(viewOptions, size.width)
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
    <div className="dashboard" aria-busy={opening} data-first-screen={opening || undefined}>
      <h1 className="visually-hidden">Library</h1>
      <div className="dashboard-toolbar">
        <DashboardControls
          search={search}
          onSearchChange={onSearchChange}
          viewOptions={viewOptions}
          onViewOptionsChange={setViewOptions}
        />
        <FilterBar
          canAdd={!opening}
          filters={search.filters}
          onChange={(filters) => onSearchChange({ filters, page: 1 })}
        />
      </div>
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
            scrollsWith={narrow ? 'window' : 'self'}
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
