// What the web app benchmark's Node side and its helper page (webapp-seed-page.ts) share: the
// library's size and the helper page's functions.

/** The library: 10,000 bookmarks and 50,000 marks. */
export const FULL_LIBRARY = { bookmarks: 10_000, marks: 50_000 }
/** A small library for `--quick`. */
export const QUICK_LIBRARY = { bookmarks: 500, marks: 2_500 }
/** Rows of the generated Pocket CSV (the issue: 10,000). */
export const FULL_CSV_ROWS = 10_000
export const QUICK_CSV_ROWS = 500

/** The helper page's functions, on `globalThis.inkmarkWebappBench`. */
export interface WebappBenchPageApi {
  /** Writes the generated library into the app's database; counts what the store then holds. */
  seed(
    seed: number,
    bookmarks: number,
    marks: number,
  ): Promise<{ bookmarks: number; marks: number; rejected: number }>
  /** The title of generated bookmark `index`. */
  titleOf(seed: number, index: number): string
  /** Times a plain Array.filter(includes) over the library's searchable strings, per query. */
  filterBaseline(
    seed: number,
    bookmarks: number,
    marks: number,
    queries: readonly string[],
  ): { ms: number; found: number }[]
  /** Times importPocketCsv of `text` against an empty library, without writing anything. */
  parseCsvBaseline(text: string): Promise<{ ms: number; bookmarks: number }>
}
