// The library's full-text index (MiniSearch, docs/adr/037-search.md): pages by title, address and
// description, highlights by text, note and tags. It is kept in step with the library one entity
// at a time (`upsert*`, `remove`, or `syncWith` comparing against the live lists), never rebuilt
// per keystroke, and a query ranks words found in titles and highlight text above notes and tags.
import MiniSearch, { type SearchResult } from 'minisearch'
import { indexTerms, queryTerms } from './normalize'

/** What a hit is: a page (bookmark) or a highlight (mark). */
export type SearchKind = 'bookmark' | 'mark'

/** The fields of a bookmark the index reads. */
export interface SearchableBookmark {
  _id: string
  url: string
  title?: string
  description?: string
  origin?: string
  tags?: readonly string[]
  deletedAt?: number
}

/** The fields of a mark the index reads. */
export interface SearchableMark {
  _id: string
  _bookmark: string
  text?: string
  notes?: string
  richText?: readonly { insert: unknown }[]
  imageAlt?: string
  tags?: readonly string[]
  deletedAt?: number
}

/** The fields a hit can have matched in. */
export type SearchField = 'title' | 'site' | 'description' | 'text' | 'notes' | 'tags'

/** One ranked result. */
export interface SearchHit {
  /** The bookmark's or mark's id. */
  id: string
  kind: SearchKind
  /** The bookmark a mark belongs to (a bookmark's own id for a bookmark). */
  bookmarkId: string
  /** Higher is better; only comparable within one query. */
  score: number
  /** The indexed words that matched (folded), for `markMatches`. */
  terms: string[]
  /** The fields the query's words were found in. */
  fields: SearchField[]
}

export interface LibrarySearchOptions {
  /** Only hits of these kinds (both by default). */
  kinds?: readonly SearchKind[]
  /** Only this bookmark and its marks. */
  bookmarkId?: string
  /** At most this many hits, best first (all by default). */
  limit?: number
}

/** The index over a library. */
export interface LibrarySearch {
  /** Adds a bookmark or replaces its previous version; a deleted one is removed. */
  upsertBookmark(bookmark: SearchableBookmark): void
  /** Adds a mark or replaces its previous version; a deleted one is removed. */
  upsertMark(mark: SearchableMark): void
  /** Removes a bookmark or mark by id (no-op when absent). */
  remove(id: string): void
  /**
   * Brings the index in step with the library's live lists: entities whose value is not the one
   * indexed (compared by identity, as the store hands out one frozen value per stored version)
   * are upserted, and entities no longer listed are removed. Costs a pass over the lists, with
   * index work only for what changed.
   */
  syncWith(bookmarks: readonly SearchableBookmark[], marks: readonly SearchableMark[]): void
  /** The ranked hits of `query` ([] for a query with no words). */
  search(query: string, options?: LibrarySearchOptions): SearchHit[]
  /** How many bookmarks and marks are indexed. */
  readonly size: number
}

/** What one indexed document holds. */
interface SearchDocument {
  key: string
  entityId: string
  kind: SearchKind
  bookmarkId: string
  title?: string
  site?: string
  description?: string
  text?: string
  notes?: string
  tags?: string
}

/**
 * Field boosts: a word in a page's title or a highlight's text counts three times one in the
 * description or address, one in a note or tag twice.
 */
export const SEARCH_BOOSTS: Record<SearchField, number> = {
  title: 3,
  text: 3,
  notes: 2,
  tags: 2,
  description: 1,
  site: 1,
}

const FIELDS: SearchField[] = ['title', 'site', 'description', 'text', 'notes', 'tags']

/** Typing errors forgiven: none below 5 letters, one up to 8, two beyond. */
export function fuzzyDistance(term: string): number | false {
  if (term.length < 5) {
    return false
  }
  return term.length <= 8 ? 1 : 2
}

const documentKey = (kind: SearchKind, id: string) => `${kind === 'bookmark' ? 'b' : 'm'}:${id}`

/** A mark's note as plain text (its `notes`, else the text of its rich text). */
function noteText(mark: SearchableMark): string {
  if ((mark.notes ?? '').trim() !== '') {
    return mark.notes ?? ''
  }
  return (mark.richText ?? [])
    .map((op) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('')
}

function bookmarkDocument(bookmark: SearchableBookmark): SearchDocument {
  return {
    key: documentKey('bookmark', bookmark._id),
    entityId: bookmark._id,
    kind: 'bookmark',
    bookmarkId: bookmark._id,
    title: bookmark.title,
    site: `${bookmark.origin ?? ''} ${bookmark.url}`,
    description: bookmark.description,
    tags: bookmark.tags?.join(' '),
  }
}

function markDocument(mark: SearchableMark): SearchDocument {
  return {
    key: documentKey('mark', mark._id),
    entityId: mark._id,
    kind: 'mark',
    bookmarkId: mark._bookmark,
    text: mark.text || mark.imageAlt,
    notes: noteText(mark),
    tags: mark.tags?.join(' '),
  }
}

/** A new, empty index. */
export function createLibrarySearch(): LibrarySearch {
  const index = new MiniSearch<SearchDocument>({
    idField: 'key',
    fields: FIELDS,
    storeFields: ['entityId', 'kind', 'bookmarkId'],
    tokenize: indexTerms,
    // indexTerms has folded every term already.
    processTerm: (term) => term,
    searchOptions: {
      tokenize: queryTerms,
      processTerm: (term) => term,
      boost: SEARCH_BOOSTS,
      combineWith: 'AND',
      // The last word is the one being typed: "verd" finds "verdict".
      prefix: (_term, position, terms) => position === terms.length - 1,
      fuzzy: (term) => fuzzyDistance(term),
      maxFuzzy: 2,
    },
  })
  /** The value last indexed per key, to tell in `syncWith` what changed. */
  const indexed = new Map<string, SearchableBookmark | SearchableMark>()

  function put(key: string, value: SearchableBookmark | SearchableMark, document: SearchDocument) {
    if (value.deletedAt !== undefined) {
      drop(key)
      return
    }
    if (indexed.has(key)) {
      index.replace(document)
    } else {
      index.add(document)
    }
    indexed.set(key, value)
  }

  function drop(key: string) {
    if (indexed.delete(key)) {
      index.discard(key)
    }
  }

  return {
    upsertBookmark(bookmark) {
      put(documentKey('bookmark', bookmark._id), bookmark, bookmarkDocument(bookmark))
    },
    upsertMark(mark) {
      put(documentKey('mark', mark._id), mark, markDocument(mark))
    },
    remove(id) {
      drop(documentKey('bookmark', id))
      drop(documentKey('mark', id))
    },
    syncWith(bookmarks, marks) {
      const listed = new Set<string>()
      for (const bookmark of bookmarks) {
        const key = documentKey('bookmark', bookmark._id)
        listed.add(key)
        if (indexed.get(key) !== bookmark) {
          put(key, bookmark, bookmarkDocument(bookmark))
        }
      }
      for (const mark of marks) {
        const key = documentKey('mark', mark._id)
        listed.add(key)
        if (indexed.get(key) !== mark) {
          put(key, mark, markDocument(mark))
        }
      }
      if (listed.size !== indexed.size) {
        for (const key of [...indexed.keys()]) {
          if (!listed.has(key)) {
            drop(key)
          }
        }
      }
    },
    search(query, options = {}) {
      if (queryTerms(query).length === 0) {
        return []
      }
      const { kinds, bookmarkId, limit } = options
      const filter =
        kinds === undefined && bookmarkId === undefined
          ? undefined
          : (result: SearchResult) =>
              (kinds === undefined || kinds.includes(result.kind as SearchKind)) &&
              (bookmarkId === undefined || result.bookmarkId === bookmarkId)
      const results = index.search(query, filter ? { filter } : {})
      const hits = limit === undefined ? results : results.slice(0, limit)
      return hits.map(toHit)
    },
    get size() {
      return indexed.size
    },
  }
}

function toHit(result: SearchResult): SearchHit {
  const fields = new Set<SearchField>()
  for (const matched of Object.values(result.match)) {
    for (const field of matched) {
      fields.add(field as SearchField)
    }
  }
  return {
    id: result.entityId as string,
    kind: result.kind as SearchKind,
    bookmarkId: result.bookmarkId as string,
    score: result.score,
    terms: result.terms,
    fields: [...fields],
  }
}
