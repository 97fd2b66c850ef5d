// What the Node side of the store benchmark and the page it drives say to each other: the sizes of
// the generated library and the shape of every figure the page sends back. Pure types and
// constants, no DOM and no Node, so both sides compile it.

/** How big the generated library is; `heavyLibrary` is the heavy user. */
export interface LibrarySize {
  bookmarks: number
  marks: number
  pageContents: number
  /** Characters of each page content's HTML. */
  pageContentChars: number
}

/** The heavy user's library the goals are stated for. */
export const HEAVY_LIBRARY: LibrarySize = {
  bookmarks: 10_000,
  marks: 50_000,
  pageContents: 2_000,
  pageContentChars: 50 * 1024,
}

/** Entities per createOrUpdateEntities call while populating. */
export const WRITE_BATCH_SIZE = 1_000
/** Page contents per createOrUpdateEntities call (each writes 50 KB bodies to docs of their own). */
export const PAGE_CONTENT_BATCH_SIZE = 50

/** What populating the library took. */
export interface PopulateReport {
  bookmarksMs: number
  marksMs: number
  pageContentsMs: number
  saved: number
  rejected: number
  /** Characters of the baseline's JSON string (the same entities as the library doc). */
  baselineChars: number
  baselineWriteMs: number
}

/** One cold open of the library doc to its first query. */
export interface ColdOpenReport {
  /** openLocalStore + getAllBookmarks. */
  ms: number
  openMs: number
  firstQueryMs: number
  bookmarks: number
  /** Names of the IndexedDB databases opened while the store opened and answered. */
  databasesOpened: string[]
  /** IndexedDB databases of this origin (the library, the baseline and every body doc). */
  databasesPresent: number
  updatesInLog: number
}

/** One cold read of the baseline: the same entities as one JSON string in IndexedDB. */
export interface BaselineReport {
  ms: number
  openMs: number
  readMs: number
  parseMs: number
  chars: number
  entities: number
}

/** Where the time of a cold open goes, measured step by step outside the store. */
export interface OpenBreakdownReport {
  /** indexedDB.open of the library database. */
  idbOpenMs: number
  /** getAll of the update log. */
  idbReadMs: number
  /** A second getAll, as openPersistedDoc's storedSize() does after the provider's read. */
  idbSecondReadMs: number
  updates: number
  updateBytes: number
  /** Y.applyUpdate of every stored update into a new Y.Doc, in one transaction. */
  applyUpdateMs: number
  /**
   * Y.encodeStateAsUpdate of the loaded doc. Yjs does about this much once more at the end of the
   * load in openLocalStore, because y-indexeddb listens to the doc's 'update' event (and then
   * ignores the update, since it came from itself).
   */
  encodeStateMs: number
  /** LocalStore over that doc + getAllBookmarks (Y.Map walk, deep freeze, filter). */
  firstQueryMs: number
}

/** Timings of one query: first call on a freshly opened store, then from the read cache. */
export interface QueryReport {
  name: string
  firstMs: number
  /** Same arguments again (read cache hit), per call, averaged over a loop. */
  cachedMs: number
  /** Other arguments after the first call (indexes built, cache missed), median per call. */
  otherArgsMs?: number
  resultSize: number
}

/** The queries the benchmark times. */
export const QUERY_NAMES = [
  'getMarksForBookmark',
  'getBookmarksWithCount',
  'getEntitiesForSearchValue',
] as const
export type QueryName = (typeof QUERY_NAMES)[number]

/** Writing marks one at a time until durable. */
export interface WritesReport {
  /** createOrUpdateEntities + flush, per write. */
  totalMs: number[]
  /** createOrUpdateEntities alone, per write. */
  writeMs: number[]
  /** flush alone, per write. */
  flushMs: number[]
  /** The first write after open (before the measured ones). */
  firstWriteMs: number
}

/** Importing a backup file into an empty library. */
export interface ImportReport {
  entities: number
  fileChars: number
  /** importBackupData(text) + flush. */
  ms: number
  /** JSON.parse of the file alone. */
  jsonParseMs: number
  /** parseBackupFile (JSON.parse + zod validation of every entity) alone. */
  validateMs: number
  ok: boolean
  storedBytes: number
}

/** Stored sizes. */
export interface StorageReport {
  libraryBytes: number
  libraryUpdates: number
  bodyDocs: number
  bodyBytes: number
  bodyMeasureMs: number
  /** navigator.storage.estimate().usage of the origin. */
  originUsageBytes: number
}

/** The functions the benchmark page puts on `globalThis.inkmarkBench`. */
export interface StoreBenchApi {
  populate(args: { databaseName: string; seed: number; size: LibrarySize }): Promise<PopulateReport>
  openAndClose(args: { databaseName: string }): Promise<{ ms: number; updatesBefore: number }>
  coldOpen(args: { databaseName: string }): Promise<ColdOpenReport>
  coldBaseline(args: { databaseName: string }): Promise<BaselineReport>
  openBreakdown(args: { databaseName: string }): Promise<OpenBreakdownReport>
  query(args: { name: QueryName; seed: number; size: LibrarySize }): QueryReport
  writeMarks(args: { count: number; seed: number; size: LibrarySize }): Promise<WritesReport>
  closeStore(): Promise<void>
  storage(args: { databaseName: string }): Promise<StorageReport>
  importBackup(args: {
    databaseName: string
    seed: number
    size: LibrarySize
  }): Promise<ImportReport>
}

/** The global the page defines. */
export interface StoreBenchGlobal {
  inkmarkBench: StoreBenchApi
}

/** The name of the baseline database next to a library database. */
export function baselineDatabaseName(databaseName: string): string {
  return `${databaseName}-baseline`
}
