// Readability's own test pages for the reader's tests (not part of the public API): each page's
// source, the article Readability is expected to find and its metadata, read from the fixtures
// folder that fixtures-dir.ts names (INKMARK_FIXTURES, else ../shared/fixtures beside the
// repository). node:fs is imported dynamically: shared's compiler settings declare no Node.
import { fixturesDir } from '../anchoring/fixtures-dir'

const NODE_FS = 'node:fs'
const { readFileSync, readdirSync } = (await import(/* @vite-ignore */ NODE_FS)) as {
  readFileSync: (path: string, encoding: 'utf8') => string
  readdirSync: (path: string) => string[]
}

/** What Readability's tests expect of a page (expected-metadata.json). */
export interface ExpectedMetadata {
  title: string
  byline: string | null
  dir: string | null
  lang?: string
  excerpt: string | null
  siteName: string | null
  publishedTime: string | null
  readerable: boolean
}

/** One test page: its name, source HTML, expected article HTML and metadata. */
export interface ReadabilityPage {
  name: string
  source: string
  expectedHtml: string
  metadata: ExpectedMetadata
}

/** The folder of Readability's test pages; throws, naming it, when it is not there. */
export function readabilityDir(): string {
  const dir = `${fixturesDir()}/readability`
  try {
    readdirSync(dir)
  } catch {
    throw new Error(`Readability's test pages not found at ${dir} (see SOURCES.md beside it)`)
  }
  return dir
}

/** Every test page, by name. */
export function readReadabilityPages(): ReadabilityPage[] {
  const dir = readabilityDir()
  return readdirSync(dir)
    .sort()
    .map((name) => ({
      name,
      source: readFileSync(`${dir}/${name}/source.html`, 'utf8'),
      expectedHtml: readFileSync(`${dir}/${name}/expected.html`, 'utf8'),
      metadata: JSON.parse(
        readFileSync(`${dir}/${name}/expected-metadata.json`, 'utf8'),
      ) as ExpectedMetadata,
    }))
}

/**
 * The text of some HTML, each text node apart and every run of whitespace made one space: the
 * expected pages are pretty-printed, so whitespace between blocks is not part of the comparison.
 */
export function normalizedText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_TEXT)
  const texts: string[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    texts.push(node.nodeValue ?? '')
  }
  return texts.join(' ').replace(/\s+/g, ' ').trim()
}
