// The search dialog's results as one list of options (spec: Pages, Highlights, Notes, Tags),
// moved through with ArrowDown and ArrowUp and opened with Enter. Each group is capped, so a
// one-letter query over a large library stays quick to render.
import type { Bookmark, Mark, SearchResults, TagWithCount } from '@inkmark/shared'

/** Results shown per group at most. */
export const MAX_RESULTS_PER_GROUP = 20

/** The spec's result types with their labels, in display order. */
export const SEARCH_GROUPS = [
  { kind: 'bookmark', label: 'Pages' },
  { kind: 'mark', label: 'Highlights' },
  { kind: 'note', label: 'Notes' },
  { kind: 'tag', label: 'Tags' },
] as const
export type SearchOptionKind = (typeof SEARCH_GROUPS)[number]['kind']

/** One result the dialog can open. */
export type SearchOption =
  | { kind: 'bookmark'; id: string; bookmark: Bookmark }
  | { kind: 'mark'; id: string; mark: Mark }
  | { kind: 'note'; id: string; mark: Mark }
  | { kind: 'tag'; id: string; tag: TagWithCount }

/** The options in display order: pages, highlights, notes, tags, each capped. */
export function toSearchOptions(
  results: SearchResults,
  perGroup: number = MAX_RESULTS_PER_GROUP,
): SearchOption[] {
  return [
    ...results.bookmarks
      .slice(0, perGroup)
      .map((bookmark) => ({ kind: 'bookmark' as const, id: `bookmark:${bookmark._id}`, bookmark })),
    ...results.marks
      .slice(0, perGroup)
      .map((mark) => ({ kind: 'mark' as const, id: `mark:${mark._id}`, mark })),
    ...results.notes
      .slice(0, perGroup)
      .map((mark) => ({ kind: 'note' as const, id: `note:${mark._id}`, mark })),
    ...results.tags
      .slice(0, perGroup)
      .map((tag) => ({ kind: 'tag' as const, id: `tag:${tag.name}`, tag })),
  ]
}

/** The option index after pressing ArrowDown (+1) or ArrowUp (-1), wrapping at both ends. */
export function moveActiveIndex(current: number, delta: 1 | -1, count: number): number {
  if (count <= 0) {
    return -1
  }
  if (current < 0) {
    return delta === 1 ? 0 : count - 1
  }
  return (current + delta + count) % count
}
