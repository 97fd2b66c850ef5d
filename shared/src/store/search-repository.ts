// Search over the live library: the search texts of every bookmark and mark, built once per state
// of the library (in slices ahead of time on a large one, see `decodeAhead`), and a longer needle
// narrowing what the last search matched instead of scanning everything again.
import { groupSearchHits, type GroupedSearchResults } from '../search/grouped-results'
import {
  createLibrarySearch,
  type LibrarySearch,
  type SearchableBookmark,
  type SearchableMark,
} from '../search/library-search'
import { queryTerms } from '../search/normalize'
import type { BookmarkRepository } from './bookmark-repository'
import {
  buildSearchText,
  matchSearchText,
  searchNeedle,
  type SearchResults,
  type SearchText,
} from './library-queries'
import type { MarkRepository } from './mark-repository'
import type { StoreCore } from './store-core'
import type { TagRepository } from './tag-repository'

/** Libraries of up to this many pages and highlights are indexed at once by the first search. */
export const INDEX_AT_ONCE = 20_000
/** Indexing time per task while a larger library's index is built. */
const INDEX_SLICE_MS = 12

/** Entities whose search texts `decodeAhead` builds between two looks at the clock. */
const SEARCH_TEXT_STEP = 1000

/** The search of the local store. */
export class SearchRepository {
  /** See `searchText()`; undefined until a search needs it and after every change. */
  private searchTexts?: SearchText
  /** The last search's needle and the entries it matched, which a longer needle narrows. */
  private lastSearch?: { needle: string; entries: SearchText }
  /** The word index (ADR 037), made by the first ranked search, then kept in step. */
  private index?: LibrarySearch
  /** The read generation the index last caught up with. */
  private indexedGeneration = -1
  /** Whether a large library's index is being built in slices. */
  private building = false

  constructor(
    private readonly core: StoreCore,
    private readonly bookmarks: BookmarkRepository,
    private readonly marks: MarkRepository,
    private readonly tags: TagRepository,
  ) {
    core.onClearReadCaches(() => {
      this.searchTexts = undefined
      this.lastSearch = undefined
    })
  }

  /**
   * Decodes the stored bookmarks and marks ahead of the reads that need them all (counts, tags,
   * search), a slice of `sliceMs` at a time, awaiting `pause` between slices so that a page stays
   * responsive. Reads are correct before, during and after: each decodes what is not yet decoded.
   */
  async decodeAhead(pause: () => Promise<void>, sliceMs: number): Promise<void> {
    const clock = () => performance.now()
    await this.core.bookmarks.decodeAhead(pause, sliceMs, clock)
    await this.core.marks.decodeAhead(pause, sliceMs, clock)
    await this.prepareSearchText(pause, sliceMs, clock)
  }

  /** Builds the search texts in slices, kept only if the library did not change meanwhile. */
  private async prepareSearchText(
    pause: () => Promise<void>,
    sliceMs: number,
    clock: () => number,
  ): Promise<void> {
    const generation = this.core.readGeneration
    const bookmarks = this.bookmarks.all()
    const marks = this.marks.all()
    const parts: SearchText[] = []
    let sliceStart = clock()
    const longest = Math.max(bookmarks.length, marks.length)
    for (let start = 0; start < longest; start += SEARCH_TEXT_STEP) {
      const end = start + SEARCH_TEXT_STEP
      parts.push(buildSearchText(bookmarks.slice(start, end), marks.slice(start, end)))
      if (clock() - sliceStart >= sliceMs) {
        await pause()
        if (this.core.readGeneration !== generation) {
          return
        }
        sliceStart = clock()
      }
    }
    if (this.core.readGeneration === generation) {
      this.searchTexts ??= {
        bookmarks: parts.flatMap((part) => part.bookmarks),
        marks: parts.flatMap((part) => part.marks),
      }
    }
  }

  /** The search texts of the live library, built once per state of it (cleared on changes). */
  private searchText(): SearchText {
    this.searchTexts ??= buildSearchText(this.bookmarks.all(), this.marks.all())
    return this.searchTexts
  }

  /** The bookmarks, marks and tags matching `value`. */
  search(value: string): SearchResults {
    return this.core.cache.get(`search:${value}`, () => {
      const needle = searchNeedle(value)
      const previous = this.lastSearch
      const index =
        needle === ''
          ? { bookmarks: [], marks: [] }
          : previous !== undefined && needle.startsWith(previous.needle)
            ? previous.entries
            : this.searchText()
      const tags = needle === '' ? [] : this.tags.all()
      const { results, entries } = matchSearchText(index, tags, needle)
      if (needle !== '') {
        this.lastSearch = { needle, entries }
      }
      return results
    })
  }

  /**
   * The ranked, word-based search (ADR 037) grouped by the spec's result types, at most `perGroup`
   * in each: what the extension's sidebar shows. A library of up to INDEX_AT_ONCE entities is
   * indexed by the first call; a larger one in slices between tasks (the extension's background
   * serves every tab meanwhile), the substring search answering until it is ready. Then the index
   * is brought up to date (only what changed) whenever the library changed since the last call.
   */
  ranked(value: string, perGroup: number, indexAtOnce = INDEX_AT_ONCE): GroupedSearchResults {
    const bookmarks = this.bookmarks.all()
    const marks = this.marks.all()
    if (this.index === undefined) {
      if (bookmarks.length + marks.length > indexAtOnce) {
        this.buildIndexInSlices()
        return { ...this.search(value), terms: queryTerms(value) }
      }
      this.index = createLibrarySearch()
    }
    if (this.indexedGeneration !== this.core.readGeneration) {
      this.index.syncWith(bookmarks, marks)
      this.indexedGeneration = this.core.readGeneration
    }
    const byId = <T extends { _id: string }>(list: readonly T[]) =>
      new Map(list.map((entity) => [entity._id, entity]))
    const bookmarksById = byId(bookmarks)
    const marksById = byId(marks)
    // Pages and highlights asked apart: a word in hundreds of highlights must not crowd the
    // pages out of their group. Highlights fill two groups (by text, by note), hence more.
    const hits = [
      ...this.index.search(value, { kinds: ['bookmark'], limit: perGroup }),
      ...this.index.search(value, { kinds: ['mark'], limit: perGroup * 4 }),
    ]
    return groupSearchHits(
      hits,
      { bookmark: (id) => bookmarksById.get(id), mark: (id) => marksById.get(id) },
      this.tags.all(),
      value,
      perGroup,
    )
  }

  /** Indexes the library a slice at a time (once); `ranked` uses it when it is complete. */
  private buildIndexInSlices(): void {
    if (this.building) {
      return
    }
    this.building = true
    const index = createLibrarySearch()
    const entities: (['bookmark', SearchableBookmark] | ['mark', SearchableMark])[] = [
      ...this.bookmarks
        .all()
        .map((bookmark) => ['bookmark', bookmark] as ['bookmark', SearchableBookmark]),
      ...this.marks.all().map((mark) => ['mark', mark] as ['mark', SearchableMark]),
    ]
    let next = 0
    const slice = () => {
      const started = performance.now()
      while (next < entities.length && performance.now() - started < INDEX_SLICE_MS) {
        const [kind, entity] = entities[next++]!
        if (kind === 'bookmark') {
          index.upsertBookmark(entity)
        } else {
          index.upsertMark(entity)
        }
      }
      if (next < entities.length) {
        setTimeout(slice, 0)
        return
      }
      // What changed meanwhile is caught up by the next `ranked` (syncWith).
      this.index = index
      this.indexedGeneration = -1
      this.building = false
    }
    setTimeout(slice, 0)
  }
}
