// Fixture pages and helpers for the anchoring tests (not part of the public API). The fixtures are
// the real saved pages and Hypothesis annotations found by fixtures-dir.ts (the repository's
// sibling folder ../shared/fixtures, or INKMARK_FIXTURES). They are read with node:fs, which the
// tests have (jsdom runs in Node) but shared's compiler settings do not declare, hence the typed
// dynamic import.
import { fixturesDir } from './fixtures-dir'

const NODE_FS = 'node:fs'
const { readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as {
  readFileSync: (path: string, encoding: 'utf8') => string
}

/** The text of a fixture file, by its path under fixtures/. */
export function readFixture(path: string): string {
  return readFileSync(`${fixturesDir()}/${path}`, 'utf8')
}

/** The saved pages of fixtures/pages, by file name (the first is the largest). */
export const FIXTURE_PAGE_NAMES = [
  'wikipedia-new-zealand.html',
  'kotaku-metroid-lazy-images.html',
  'bbc-arabic-rtl.html',
  'the-atlantic-article.html',
] as const

/** One annotation of the Hypothesis fixture, as the API returns it. */
export interface HypothesisAnnotation {
  id: string
  target: { selector: { type: string }[] }[]
}

/** The Hypothesis page and its five real annotations. */
export function readHypothesisFixture(): { page: string; annotations: HypothesisAnnotation[] } {
  const json = readFixture('hypothesis/wikipedia-regression-testing.json')
  return {
    page: readFixture('hypothesis/wikipedia-regression-testing.html'),
    annotations: (JSON.parse(json) as { rows: HypothesisAnnotation[] }).rows,
  }
}

/** Parses a saved page into a document of its own (scripts stay inert). */
export function parsePage(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

/** A document whose body is `html` (a fragment of markup written by the test). */
export function pageWithBody(html: string): Document {
  return parsePage(`<!doctype html><html><head><title>t</title></head><body>${html}</body></html>`)
}
