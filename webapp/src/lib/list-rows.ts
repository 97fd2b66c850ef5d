// Turns groups of items into the rows a windowed list renders: a heading row per labelled group,
// then the group's items, one per row in a list or `columns` per row in a grid.
import type { ItemGroup } from './dashboard-items'

/** A row of the dashboard's windowed list. */
export type ListRow<T> =
  | { kind: 'heading'; key: string; label: string; count: number }
  | { kind: 'items'; key: string; items: T[] }

/** The rows of `groups` with `columns` items per row (1 for a list). */
export function toListRows<T extends { _id: string }>(
  groups: readonly ItemGroup<T>[],
  columns: number,
): ListRow<T>[] {
  const perRow = Math.max(1, Math.floor(columns))
  const rows: ListRow<T>[] = []
  for (const group of groups) {
    if (group.label !== '') {
      rows.push({
        kind: 'heading',
        key: `heading:${group.label}`,
        label: group.label,
        count: group.items.length,
      })
    }
    for (let i = 0; i < group.items.length; i += perRow) {
      const items = group.items.slice(i, i + perRow)
      rows.push({ kind: 'items', key: `items:${items[0]?._id ?? i}`, items })
    }
  }
  return rows
}
