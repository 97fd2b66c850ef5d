// What the dashboard shows, as pure steps over the store's entities: filter (spec section 5),
// sort, cut to the loaded pages (step 50) and group by date (Today, Yesterday, Last 7 days, This
// month, month names) or by website. Pure, so the clock and the time zone come in as arguments.
import {
  GRID_PAGINATION_STEP,
  dateGroupLabel,
  isImageEntity,
  matchesFilters,
  memoryLevel,
  toSiteOrigin,
  type Filter,
  type FilterableEntity,
  type SortDirection,
  type SortKey,
} from '@inkmark/shared'
import { GroupBy } from './dashboard-search'

/** The fields of a bookmark or mark that sorting and grouping read. */
export interface ListableEntity extends FilterableEntity {
  _id: string
  url: string
  createdAt: number
  updatedAt?: number
  modifiedAt?: number
  openedAt?: number
}

/** A run of items under one heading; the label is empty when the list is not grouped. */
export interface ItemGroup<T> {
  label: string
  items: T[]
}

/** Where the grouping runs: `now` and the zone decide what Today and This month are. */
export interface GroupingClock {
  now: number
  /** Minutes east of UTC. */
  timeZoneOffsetMinutes: number
}

/** This device's clock now, for grouping. */
export function currentClock(): GroupingClock {
  return { now: Date.now(), timeZoneOffsetMinutes: -new Date().getTimezoneOffset() }
}

/** The time an entity is sorted and grouped by: the key's value, else when it was created. */
export function timeOf(entity: ListableEntity, sortBy: SortKey): number {
  return entity[sortBy] ?? entity.createdAt
}

/** The entities that pass the filters (all of them when there are none). */
export function filterEntities<T extends FilterableEntity>(
  entities: readonly T[],
  filters: readonly Filter[],
): T[] {
  return filters.length === 0
    ? [...entities]
    : entities.filter((entity) => matchesFilters(entity, filters))
}

/** A sorted copy; equal times keep a stable order by id, so the list never shuffles. */
export function sortEntities<T extends ListableEntity>(
  entities: readonly T[],
  sortBy: SortKey,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1
  return [...entities].sort(
    (a, b) =>
      sign * (timeOf(a, sortBy) - timeOf(b, sortBy)) ||
      (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  )
}

/** How many items the first `page` pages hold. */
export function loadedCount(page: number): number {
  return Math.max(1, Math.floor(page)) * GRID_PAGINATION_STEP
}

/** The items of the first `page` pages, and whether more are left. */
export function paginate<T>(items: readonly T[], page: number): { items: T[]; hasMore: boolean } {
  const count = loadedCount(page)
  return { items: items.slice(0, count), hasMore: items.length > count }
}

/** The site an entity belongs to, for grouping by website. */
export function websiteOf(entity: ListableEntity): string {
  const source = entity.origin !== undefined && entity.origin !== '' ? entity.origin : entity.url
  return toSiteOrigin(source) ?? 'Other'
}

/**
 * Groups sorted items. By date, groups follow the sort order; by website, the largest group comes
 * first (ties by name), each keeping the sort order inside.
 */
export function groupEntities<T extends ListableEntity>(
  sorted: readonly T[],
  groupBy: GroupBy,
  sortBy: SortKey,
  clock: GroupingClock,
): ItemGroup<T>[] {
  if (groupBy === GroupBy.NONE) {
    return sorted.length === 0 ? [] : [{ label: '', items: [...sorted] }]
  }
  const labelOf =
    groupBy === GroupBy.DATE
      ? (entity: T) =>
          dateGroupLabel(timeOf(entity, sortBy), clock.now, clock.timeZoneOffsetMinutes)
      : websiteOf
  const groups = new Map<string, T[]>()
  for (const entity of sorted) {
    const label = labelOf(entity)
    const group = groups.get(label)
    if (group) {
      group.push(entity)
    } else {
      groups.set(label, [entity])
    }
  }
  const result = [...groups].map(([label, items]) => ({ label, items }))
  if (groupBy === GroupBy.WEBSITE) {
    result.sort((a, b) => b.items.length - a.items.length || a.label.localeCompare(b.label))
  }
  return result
}

/** The dashboard's pipeline: filter, sort, cut to the loaded pages, group. */
export function listDashboardItems<T extends ListableEntity>(
  entities: readonly T[],
  options: {
    filters: readonly Filter[]
    sortBy: SortKey
    sortDirection: SortDirection
    groupBy: GroupBy
    page: number
  },
  clock: GroupingClock,
): { groups: ItemGroup<T>[]; total: number; shown: number; hasMore: boolean } {
  const filtered = filterEntities(entities, options.filters)
  const sorted = sortEntities(filtered, options.sortBy, options.sortDirection)
  const { items, hasMore } = paginate(sorted, options.page)
  return {
    groups: groupEntities(items, options.groupBy, options.sortBy, clock),
    total: filtered.length,
    shown: items.length,
    hasMore,
  }
}

/**
 * A bookmark as the memoryLevel filter sees it: the memory levels of its highlights (a page has no
 * learning card of its own, so "pages with highlights at this level" is the useful reading).
 */
export function withMemoryLevels<T extends FilterableEntity>(
  bookmark: T,
  marks: readonly FilterableEntity[],
): T {
  return {
    ...bookmark,
    memoryLevels: [...new Set(marks.map((mark) => memoryLevel(mark.learningItem)))],
  }
}

/**
 * A bookmark as the isImage filter sees it: an image entity when any of its marks is an image
 * (a bookmark itself has no media type, so "pages with image highlights" is the useful reading).
 */
export function withImageFlag<T extends FilterableEntity>(
  bookmark: T,
  marks: readonly FilterableEntity[],
): T {
  const image = marks.find((mark) => isImageEntity(mark))
  return image ? { ...bookmark, mediaType: 'image', imageSrc: image.imageSrc } : bookmark
}
