// The spec's search result types (Pages, Highlights, Notes, Tags) from the index's ranked hits, for
// callers that want whole entities rather than hits (the extension's sidebar asks the background's
// store over a message and renders the groups). The web app's dialog keeps per-hit words instead
// (webapp/src/lib/search-options.ts); both share this grouping rule: a highlight found by its note
// is under Notes, by anything else under Highlights, by both in both.
import type { TagWithCount } from '../domain/tags'
import type { Bookmark } from '../domain/entities/bookmark'
import type { Mark } from '../domain/entities/mark'
import type { SearchHit } from './library-search'
import { foldForSearch, queryTerms } from './normalize'

/** The groups of one search, best first in each, with every word to mark in them. */
export interface GroupedSearchResults {
  bookmarks: Bookmark[]
  marks: Mark[]
  notes: Mark[]
  tags: TagWithCount[]
  /** The indexed (folded) words the hits matched, plus the query's own words. */
  terms: string[]
}

/** Where grouping finds the entities of hits. */
export interface GroupedSearchEntities {
  bookmark(id: string): Bookmark | undefined
  mark(id: string): Mark | undefined
}

/** Groups ranked `hits` into the spec's result types, at most `perGroup` in each. */
export function groupSearchHits(
  hits: readonly SearchHit[],
  entities: GroupedSearchEntities,
  tags: readonly TagWithCount[],
  query: string,
  perGroup: number,
): GroupedSearchResults {
  const words = queryTerms(query)
  const results: GroupedSearchResults = { bookmarks: [], marks: [], notes: [], tags: [], terms: [] }
  const terms = new Set<string>(words)
  for (const hit of hits) {
    if (hit.kind === 'bookmark') {
      const bookmark = results.bookmarks.length < perGroup ? entities.bookmark(hit.id) : undefined
      if (bookmark) {
        results.bookmarks.push(bookmark)
        hit.terms.forEach((term) => terms.add(term))
      }
      continue
    }
    const inNote = hit.fields.includes('notes') && results.notes.length < perGroup
    const elsewhere =
      hit.fields.some((field) => field !== 'notes') && results.marks.length < perGroup
    const mark = inNote || elsewhere ? entities.mark(hit.id) : undefined
    if (mark === undefined) {
      continue
    }
    if (elsewhere) {
      results.marks.push(mark)
    }
    if (inNote) {
      results.notes.push(mark)
    }
    hit.terms.forEach((term) => terms.add(term))
  }
  if (words.length > 0) {
    results.tags = tags
      .filter((tag) => {
        const name = foldForSearch(tag.name)
        return words.every((word) => name.includes(word))
      })
      .slice(0, perGroup)
  }
  results.terms = [...terms]
  return results
}
