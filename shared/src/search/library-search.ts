// The library's full-text index (MiniSearch, docs/adr/037-search.md): pages by title, address and
// description, highlights by text, note and tags. It is kept in step with the library one entity
// at a time (`upsert*`, `remove`, or `syncWith` comparing against the live lists), never rebuilt
// per keystroke, and a query ranks words found in titles and highlight text above notes and tags.
import MiniSearch, { type Options } from 'minisearch'
import { MIN_PREFIX_LENGTH, indexTerms, queryTerms } from './normalize'

/** What a hit is: a page (bookmark) or a highlight (mark). */
export type SearchKind = 'bookmark' | 'mark'

/** The fields of a bookmark the index reads. */
export interface SearchableBookmark {
  _id: string
  url: string
  title?: string
  description?: string
  origin?: string
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
  /**
   * Whether the last word also finds the words it begins, as typing does (true by default);
   * false for whole words, such as a question's.
   */
  prefix?: boolean
  /**
   * Which words forgive a typo: every word from five letters (the default, as typing needs), or
   * only words the library does not hold as written ('unknown'), for text that is spelled out,
   * such as a question: there a near word is more often another word than a typo.
   */
  typos?: 'always' | 'unknown'
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
  /** The bookmark as last indexed (undefined when not indexed or deleted). */
  indexedBookmark(id: string): SearchableBookmark | undefined
  /** The mark as last indexed (undefined when not indexed or deleted). */
  indexedMark(id: string): SearchableMark | undefined
  /** A bookmark's live marks as last indexed, in the order they were first indexed. */
  indexedMarksOf(bookmarkId: string): SearchableMark[]
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

/**
 * How far a prefix reaches: the words it completes to, closest (shortest) first, until they hold
 * this many postings (a word's documents per field) or this many words. A prefix of a few letters
 * completes to thousands of words across most of a library, and scoring them all is what made a
 * keystroke slow; the closest completions are the likely ones, and every added letter narrows the
 * list until all of it fits.
 */
export const PREFIX_POSTINGS_BUDGET = 20_000
export const MAX_PREFIX_COMPLETIONS = 40

/** MiniSearch's weight of a prefix match (its default), by how many letters it adds. */
const PREFIX_WEIGHT = 0.375
const FUZZY_WEIGHT = 0.45

/** MiniSearch's BM25+ parameters (its defaults). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 }

/**
 * MiniSearch's index (its term dictionary, postings, field lengths and discarding), queried here
 * rather than through `search()`: that scores every document each word matches into result
 * objects and only then intersects the words, which cost hundreds of milliseconds for a common
 * word at 100,000 highlights (docs/adr/037-search.md). Here the rarest word goes first and each
 * further word scores only the documents still in the running.
 */
class LibraryIndex extends MiniSearch<SearchDocument> {
  /** Field names and boosts by MiniSearch's field id. */
  private readonly fieldById: { name: SearchField; boost: number }[] = []

  constructor(options: Options<SearchDocument>) {
    super(options)
    for (const [name, id] of Object.entries(this._fieldIds)) {
      this.fieldById[id] = { name: name as SearchField, boost: SEARCH_BOOSTS[name as SearchField] }
    }
  }

  /** The completions of `prefix` worth scoring, with their weights (see PREFIX_POSTINGS_BUDGET). */
  completions(prefix: string): Map<string, number> {
    const found: { term: string; postings: number }[] = []
    for (const [term, fields] of this._index.atPrefix(prefix)) {
      found.push({ term, postings: postingsOf(fields) })
    }
    found.sort((a, b) => a.term.length - b.term.length || b.postings - a.postings)
    const chosen = new Map<string, number>()
    let budget = PREFIX_POSTINGS_BUDGET
    for (const { term, postings } of found) {
      if (chosen.size > 0 && (postings > budget || chosen.size >= MAX_PREFIX_COMPLETIONS)) {
        break
      }
      budget -= postings
      const added = term.length - prefix.length
      chosen.set(
        term,
        added === 0 ? 1 : (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * added),
      )
    }
    return chosen
  }

  /** Words within `distance` edits of `term`, with their weights. */
  nearWords(term: string, distance: number): Map<string, number> {
    const near = new Map<string, number>()
    for (const [word, [, edits]] of this._index.fuzzyGet(term, distance)) {
      near.set(word, edits === 0 ? 1 : (FUZZY_WEIGHT * word.length) / (word.length + edits))
    }
    return near
  }

  /** Whether the index holds `word` as written (in any field). */
  holds(word: string): boolean {
    return this._index.get(word) !== undefined
  }

  /** How many postings a group of words has (what scoring it would cost). */
  postings(words: ReadonlyMap<string, number>): number {
    let total = 0
    for (const word of words.keys()) {
      const fields = this._index.get(word)
      total += fields ? postingsOf(fields) : 0
    }
    return total
  }

  /**
   * The documents matching one of `groups`' words for every group (AND of ORs), scored with
   * BM25+ times the field's boost times the word's weight: scores and matched fields (bits) by
   * MiniSearch's short id. Plain numbers in maps, no object per document: this loop is the cost of
   * a keystroke.
   */
  scoreAll(groups: readonly ReadonlyMap<string, number>[]): {
    scores: Map<number, number>
    fields: Map<number, number>
  } {
    const ordered = groups
      .map((words) => ({ words, cost: this.postings(words) }))
      .sort((a, b) => a.cost - b.cost)
      .map(({ words }) => words)
    const total = this._documentCount
    const checkLive = this._dirtCount > 0
    let running: Map<number, number> | undefined
    let fields = new Map<number, number>()
    for (const words of ordered) {
      const scores = new Map<number, number>()
      const nextFields = new Map<number, number>()
      for (const [word, weight] of words) {
        const data = this._index.get(word)
        if (data === undefined) {
          continue
        }
        for (const [fieldId, docs] of data) {
          const field = this.fieldById[fieldId]
          if (field === undefined) {
            continue
          }
          // Postings of replaced documents stay until MiniSearch vacuums: never count more
          // matches than documents, or the factor turns negative and inverts the ranking.
          const matching = Math.min(docs.size, total)
          const factor =
            weight * field.boost * Math.log(1 + (total - matching + 0.5) / (matching + 0.5))
          const average = this._avgFieldLength[fieldId] || 1
          const bit = 1 << fieldId
          const score = (docId: number, frequency: number) => {
            if (checkLive && !this._documentIds.has(docId)) {
              return
            }
            const length = (this._fieldLength.get(docId)?.[fieldId] ?? 0) / average
            const bm25 =
              BM25.d +
              (frequency * (BM25.k + 1)) / (frequency + BM25.k * (1 - BM25.b + BM25.b * length))
            scores.set(docId, (scores.get(docId) ?? running?.get(docId) ?? 0) + factor * bm25)
            nextFields.set(docId, (nextFields.get(docId) ?? fields.get(docId) ?? 0) | bit)
          }
          if (running !== undefined && running.size < docs.size) {
            for (const docId of running.keys()) {
              const frequency = docs.get(docId)
              if (frequency !== undefined) {
                score(docId, frequency)
              }
            }
          } else {
            for (const [docId, frequency] of docs) {
              if (running === undefined || running.has(docId)) {
                score(docId, frequency)
              }
            }
          }
        }
      }
      running = scores
      fields = nextFields
      if (running.size === 0) {
        break
      }
    }
    return { scores: running ?? new Map<number, number>(), fields }
  }

  /** Which of `groups`' words a document holds (for the few documents shown). */
  wordsIn(docId: number, groups: readonly ReadonlyMap<string, number>[]): string[] {
    const found: string[] = []
    for (const words of groups) {
      for (const word of words.keys()) {
        const data = this._index.get(word)
        if (data === undefined || found.includes(word)) {
          continue
        }
        for (const docs of data.values()) {
          if (docs.has(docId)) {
            found.push(word)
            break
          }
        }
      }
    }
    return found
  }

  /** What MiniSearch stored of a document. */
  stored(docId: number): Pick<SearchDocument, 'entityId' | 'kind' | 'bookmarkId'> | undefined {
    return this._storedFields.get(docId) as
      Pick<SearchDocument, 'entityId' | 'kind' | 'bookmarkId'> | undefined
  }

  /** The names of the fields in a bit set of field ids. */
  fieldNames(bits: number): SearchField[] {
    return this.fieldById.flatMap((field, id) => (field && bits & (1 << id) ? [field.name] : []))
  }
}

const postingsOf = (fields: ReadonlyMap<number, ReadonlyMap<number, number>>) => {
  let total = 0
  for (const docs of fields.values()) {
    total += docs.size
  }
  return total
}

/** A new, empty index. */
export function createLibrarySearch(): LibrarySearch {
  const index = new LibraryIndex({
    idField: 'key',
    fields: FIELDS,
    storeFields: ['entityId', 'kind', 'bookmarkId'],
    tokenize: indexTerms,
    // indexTerms has folded every term already.
    processTerm: (term) => term,
  })

  /**
   * The word groups of `terms`: each term is the word itself or, from five letters, a word within
   * fuzzyDistance of it; the last one also its completions (see `completions`).
   */
  function groupsOf(
    terms: readonly string[],
    prefix: boolean,
    typos: 'always' | 'unknown',
  ): Map<string, number>[] {
    return terms.map((term, position) => {
      const words = new Map<string, number>([[term, 1]])
      const add = (found: Map<string, number>) => {
        for (const [word, weight] of found) {
          words.set(word, Math.max(weight, words.get(word) ?? 0))
        }
      }
      const distance = fuzzyDistance(term)
      if (distance !== false && (typos === 'always' || !index.holds(term))) {
        add(index.nearWords(term, distance))
      }
      if (prefix && position === terms.length - 1 && term.length >= MIN_PREFIX_LENGTH) {
        add(index.completions(term))
      }
      return words
    })
  }

  /** The value last given per kind and id (deleted ones too), to tell in `syncWith` what changed. */
  const seen = {
    bookmark: new Map<string, SearchableBookmark>(),
    mark: new Map<string, SearchableMark>(),
  }

  function putBookmark(bookmark: SearchableBookmark) {
    seen.bookmark.set(bookmark._id, bookmark)
    put(bookmark, bookmarkDocument(bookmark))
  }

  /** Mark ids by bookmark id, for `indexedMarksOf` (kept with `seen.mark`). */
  const marksByBookmark = new Map<string, Set<string>>()

  function forgetMark(id: string) {
    const previous = seen.mark.get(id)
    if (previous !== undefined) {
      const ids = marksByBookmark.get(previous._bookmark)
      ids?.delete(id)
      if (ids?.size === 0) {
        marksByBookmark.delete(previous._bookmark)
      }
    }
    seen.mark.delete(id)
  }

  function putMark(mark: SearchableMark) {
    const previous = seen.mark.get(mark._id)
    if (previous !== undefined && previous._bookmark !== mark._bookmark) {
      forgetMark(mark._id)
    }
    seen.mark.set(mark._id, mark)
    const ids = marksByBookmark.get(mark._bookmark) ?? new Set<string>()
    ids.add(mark._id)
    marksByBookmark.set(mark._bookmark, ids)
    put(mark, markDocument(mark))
  }

  function put(value: { deletedAt?: number }, document: SearchDocument) {
    if (value.deletedAt !== undefined) {
      discard(document.key)
    } else if (index.has(document.key)) {
      index.replace(document)
    } else {
      index.add(document)
    }
  }

  function discard(key: string) {
    if (index.has(key)) {
      index.discard(key)
    }
  }

  function dropMissing<T extends { _id: string }>(
    kind: SearchKind,
    known: Map<string, T>,
    listed: readonly T[],
  ) {
    // Only when something is gone: the counts differ.
    if (known.size === listed.length) {
      return
    }
    const ids = new Set(listed.map((entity) => entity._id))
    for (const id of [...known.keys()]) {
      if (!ids.has(id)) {
        if (kind === 'mark') {
          forgetMark(id)
        }
        known.delete(id)
        discard(documentKey(kind, id))
      }
    }
  }

  return {
    upsertBookmark: putBookmark,
    upsertMark: putMark,
    remove(id) {
      seen.bookmark.delete(id)
      forgetMark(id)
      discard(documentKey('bookmark', id))
      discard(documentKey('mark', id))
    },
    syncWith(bookmarks, marks) {
      for (const bookmark of bookmarks) {
        if (seen.bookmark.get(bookmark._id) !== bookmark) {
          putBookmark(bookmark)
        }
      }
      for (const mark of marks) {
        if (seen.mark.get(mark._id) !== mark) {
          putMark(mark)
        }
      }
      dropMissing('bookmark', seen.bookmark, bookmarks)
      dropMissing('mark', seen.mark, marks)
    },
    search(query, options = {}) {
      const terms = queryTerms(query)
      if (terms.length === 0) {
        return []
      }
      const { kinds, bookmarkId, limit = Infinity, prefix = true, typos = 'always' } = options
      const groups = groupsOf(terms, prefix, typos)
      const { scores, fields } = index.scoreAll(groups)
      const ranked = [...scores].sort((a, b) => b[1] - a[1])
      const hits: SearchHit[] = []
      for (const [docId, score] of ranked) {
        if (hits.length >= limit) {
          break
        }
        const stored = index.stored(docId)
        if (
          stored === undefined ||
          (kinds !== undefined && !kinds.includes(stored.kind)) ||
          (bookmarkId !== undefined && stored.bookmarkId !== bookmarkId)
        ) {
          continue
        }
        hits.push({
          id: stored.entityId,
          kind: stored.kind,
          bookmarkId: stored.bookmarkId,
          score,
          terms: index.wordsIn(docId, groups),
          fields: index.fieldNames(fields.get(docId) ?? 0),
        })
      }
      return hits
    },
    indexedBookmark(id) {
      const bookmark = seen.bookmark.get(id)
      return bookmark?.deletedAt === undefined ? bookmark : undefined
    },
    indexedMark(id) {
      const mark = seen.mark.get(id)
      return mark?.deletedAt === undefined ? mark : undefined
    },
    indexedMarksOf(bookmarkId) {
      const marks: SearchableMark[] = []
      for (const id of marksByBookmark.get(bookmarkId) ?? []) {
        const mark = seen.mark.get(id)
        if (mark !== undefined && mark.deletedAt === undefined) {
          marks.push(mark)
        }
      }
      return marks
    },
    get size() {
      return index.documentCount
    },
  }
}
