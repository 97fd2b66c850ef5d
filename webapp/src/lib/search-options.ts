// The search dialog's results as one list of options (spec: Pages, Highlights, Notes, Tags),
// moved through with ArrowDown and ArrowUp and opened with Enter. Each group is capped, so a
// one-letter query over a large library stays quick to render. Each option carries the words to
// mark in it (docs/adr/037-search.md).
import {
  foldForSearch,
  queryTerms,
  type Bookmark,
  type Mark,
  type SearchHit,
  type SearchResults,
  type TagWithCount,
} from '@inkmark/shared'

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

/** Hits asked of the library index per query: enough to fill every group. */
export const SEARCH_HIT_LIMIT = 200

/** One result the dialog can open, with the (folded) words to mark in it. */
export type SearchOption = { id: string; terms: readonly string[] } & (
  | { kind: 'bookmark'; bookmark: Bookmark }
  | { kind: 'mark'; mark: Mark }
  | { kind: 'note'; mark: Mark }
  | { kind: 'tag'; tag: TagWithCount }
)

/**
 * The options in display order: pages, highlights, notes, tags, each capped; every option marks
 * `terms` (the substring search of a library still being indexed).
 */
export function toSearchOptions(
  results: SearchResults,
  perGroup: number = MAX_RESULTS_PER_GROUP,
  terms: readonly string[] = [],
): SearchOption[] {
  return [
    ...results.bookmarks.slice(0, perGroup).map((bookmark) => bookmarkOption(bookmark, terms)),
    ...results.marks.slice(0, perGroup).map((mark) => markOption('mark', mark, terms)),
    ...results.notes.slice(0, perGroup).map((mark) => markOption('note', mark, terms)),
    ...results.tags.slice(0, perGroup).map((tag) => tagOption(tag, terms)),
  ]
}

/** Where the options of index hits find their entities. */
export interface SearchEntities {
  bookmark(id: string): Bookmark | undefined
  mark(id: string): Mark | undefined
}

/**
 * The options of the library index's ranked hits: pages; highlights found by their text or tags;
 * highlights found by their note (under Notes; one found by both is in both); then the tags whose
 * names hold every word of the query. Best first within each group, each capped.
 */
export function hitsToSearchOptions(
  hits: readonly SearchHit[],
  entities: SearchEntities,
  tags: readonly TagWithCount[],
  query: string,
  perGroup: number = MAX_RESULTS_PER_GROUP,
): SearchOption[] {
  const pages: SearchOption[] = []
  const highlights: SearchOption[] = []
  const notes: SearchOption[] = []
  for (const hit of hits) {
    if (hit.kind === 'bookmark') {
      const bookmark = pages.length < perGroup ? entities.bookmark(hit.id) : undefined
      if (bookmark) {
        pages.push(bookmarkOption(bookmark, hit.terms))
      }
      continue
    }
    const inNote = hit.fields.includes('notes')
    const elsewhere = hit.fields.some((field) => field !== 'notes')
    const wanted =
      (elsewhere && highlights.length < perGroup) || (inNote && notes.length < perGroup)
    const mark = wanted ? entities.mark(hit.id) : undefined
    if (mark && elsewhere && highlights.length < perGroup) {
      highlights.push(markOption('mark', mark, hit.terms))
    }
    if (mark && inNote && notes.length < perGroup) {
      notes.push(markOption('note', mark, hit.terms))
    }
  }
  const words = queryTerms(query)
  const matchingTags =
    words.length === 0
      ? []
      : tags
          .filter((tag) => {
            const name = foldForSearch(tag.name)
            return words.every((word) => name.includes(word))
          })
          .slice(0, perGroup)
          .map((tag) => tagOption(tag, words))
  return [...pages, ...highlights, ...notes, ...matchingTags]
}

function bookmarkOption(bookmark: Bookmark, terms: readonly string[]): SearchOption {
  return { kind: 'bookmark', id: `bookmark:${bookmark._id}`, bookmark, terms }
}

function markOption(kind: 'mark' | 'note', mark: Mark, terms: readonly string[]): SearchOption {
  return { kind, id: `${kind}:${mark._id}`, mark, terms }
}

function tagOption(tag: TagWithCount, terms: readonly string[]): SearchOption {
  return { kind: 'tag', id: `tag:${tag.name}`, tag, terms }
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
