// Search over a short list of highlights (one page's, in the sidebar): the library index's rules
// (words, prefix, accents, ranking) on a throwaway index, which for a few hundred marks costs less
// than keeping one in step.
import { createLibrarySearch, type SearchableMark } from './library-search'
import { queryTerms } from './normalize'

/** A mark that matched, with the terms to mark in it. */
export interface MarkSearchHit<M> {
  mark: M
  score: number
  terms: string[]
}

/**
 * The marks matching `query`, best first; a query with no words gives every mark, in the order
 * given and with no terms.
 */
export function searchMarks<M extends SearchableMark>(
  marks: readonly M[],
  query: string,
): MarkSearchHit<M>[] {
  if (queryTerms(query).length === 0) {
    return marks.map((mark) => ({ mark, score: 0, terms: [] }))
  }
  const search = createLibrarySearch()
  const byId = new Map<string, M>()
  for (const mark of marks) {
    byId.set(mark._id, mark)
    search.upsertMark(mark)
  }
  return search.search(query).flatMap((hit) => {
    const mark = byId.get(hit.id)
    return mark ? [{ mark, score: hit.score, terms: hit.terms }] : []
  })
}
