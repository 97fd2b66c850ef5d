// Search that finds (docs/adr/037-search.md): the library index, the small-list search and the
// marking of matches, exported through @inkmark/shared's entry point.
export {
  createLibrarySearch,
  fuzzyDistance,
  SEARCH_BOOSTS,
  type LibrarySearch,
  type LibrarySearchOptions,
  type SearchableBookmark,
  type SearchableMark,
  type SearchField,
  type SearchHit,
  type SearchKind,
} from './library-search'
export { markMatches, type MatchSegment } from './mark-matches'
export { searchMarks, type MarkSearchHit } from './search-marks'
export { foldForSearch, queryTerms } from './normalize'
export {
  groupSearchHits,
  type GroupedSearchEntities,
  type GroupedSearchResults,
} from './grouped-results'
