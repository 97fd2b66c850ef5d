// The search the index replaces, as the store ran it before (shared/src/store/library-queries.ts
// until ADR 037): every text lowercased once, then each keystroke a substring test over them,
// narrowed to the previous query's matches while the query only grows.
import type { BenchLibrary } from './generate'

interface Entry {
  id: string
  texts: string[]
}

/** The old substring filter over a library. */
export interface SubstringSearch {
  search(query: string): number
}

export function createSubstringSearch(library: BenchLibrary): SubstringSearch {
  const lower = (text: string | undefined) => (text ?? '').toLowerCase()
  const all: Entry[] = [
    ...library.bookmarks.map((bookmark) => ({
      id: bookmark._id,
      texts: [lower(bookmark.title), lower(bookmark.url), lower(bookmark.description)],
    })),
    ...library.marks.map((mark) => ({
      id: mark._id,
      texts: [lower(mark.text), lower(mark.notes)],
    })),
  ]
  let last: { needle: string; entries: Entry[] } | undefined
  return {
    search(query) {
      const needle = query.trim().toLowerCase()
      if (needle === '') {
        return 0
      }
      const from = last !== undefined && needle.startsWith(last.needle) ? last.entries : all
      const entries = from.filter((entry) => entry.texts.some((text) => text.includes(needle)))
      last = { needle, entries }
      return entries.length
    },
  }
}
