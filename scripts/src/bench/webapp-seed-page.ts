// The web app benchmark's helper page, bundled with Vite and served on the app's origin under
// /__bench/, so it shares the app's IndexedDB: it writes the generated library into the app's own
// 'inkmark' database through the real store (the app ships no seeding hook), and it times the
// baselines that must run in the same browser: a plain Array.filter over the library's strings
// and parsing the Pocket CSV without writing it. It uses no DOM types (the scripts workspace
// compiles without the DOM), only what the store and the generator need.
import { DATABASE_NAME, existingLibraryOf, importPocketCsv, openLocalStore } from '@inkmark/shared'
import { bookmarkIdentity, generateBookmark, generateMark } from './store/generate'
import type { WebappBenchPageApi } from './webapp-protocol'

const SEED_BATCH = 1000

function entitiesOf(
  seed: number,
  bookmarks: number,
  marks: number,
): { bookmarks: Record<string, unknown>[]; marks: Record<string, unknown>[] } {
  return {
    bookmarks: Array.from({ length: bookmarks }, (_, index) => generateBookmark(seed, index)),
    marks: Array.from({ length: marks }, (_, index) => generateMark(seed, index, bookmarks)),
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '')

/** The strings the app's search looks in (spec: Pages, Highlights, Notes, Tags), lowercased. */
function searchableStrings(seed: number, bookmarks: number, marks: number): string[] {
  const library = entitiesOf(seed, bookmarks, marks)
  const strings: string[] = []
  const tags = new Set<string>()
  for (const bookmark of library.bookmarks) {
    for (const field of ['title', 'url', 'description'] as const) {
      strings.push(text(bookmark[field]))
    }
    for (const tag of bookmark.tags as string[]) {
      tags.add(tag)
    }
  }
  for (const mark of library.marks) {
    strings.push(text(mark.text), text(mark.notes))
    for (const tag of mark.tags as string[]) {
      tags.add(tag)
    }
  }
  strings.push(...[...tags].map((tag) => tag.toLowerCase()))
  return strings
}

const api: WebappBenchPageApi = {
  async seed(seed, bookmarks, marks) {
    const store = await openLocalStore({ databaseName: DATABASE_NAME })
    try {
      const library = entitiesOf(seed, bookmarks, marks)
      const all = [...library.bookmarks, ...library.marks]
      let rejected = 0
      for (let start = 0; start < all.length; start += SEED_BATCH) {
        const result = await store.createOrUpdateEntities(all.slice(start, start + SEED_BATCH))
        rejected += result.rejected.length
      }
      await store.flush()
      return {
        bookmarks: store.getAllBookmarks().length,
        marks: store.getAllMarks().length,
        rejected,
      }
    } finally {
      await store.close()
    }
  },

  titleOf(seed, index) {
    return bookmarkIdentity(seed, index).title
  },

  filterBaseline(seed, bookmarks, marks, queries) {
    const strings = searchableStrings(seed, bookmarks, marks)
    return queries.map((query) => {
      const needle = query.trim().toLowerCase()
      const start = performance.now()
      const found = strings.filter((text) => text.includes(needle)).length
      return { ms: performance.now() - start, found }
    })
  },

  async parseCsvBaseline(text) {
    const start = performance.now()
    let id = 0
    const result = await importPocketCsv(text, {
      now: Date.now(),
      createId: () => `csv-baseline-${(id += 1)}`,
      existing: existingLibraryOf([], []),
    })
    return { ms: performance.now() - start, bookmarks: result.bookmarks.length }
  },
}

;(globalThis as { inkmarkWebappBench?: WebappBenchPageApi }).inkmarkWebappBench = api
