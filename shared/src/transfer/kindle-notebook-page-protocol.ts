// What the Kindle notebook helper (the content script on read.amazon.*/notebook) sends the
// background: one book at a time, as the page shows it. Types and names only, no schemas, so the
// content script stays small; the background validates each message (kindle-notebook-page.ts).
// The background answers with counts only: no library data goes back to the page's tab.

/** The channel of a notebook book sent for import. */
export const KINDLE_NOTEBOOK_CHANNEL = 'inkmark:kindle-notebook'

/** The highlight colours Kindle offers. */
export const KINDLE_NOTEBOOK_COLORS = ['yellow', 'blue', 'pink', 'orange'] as const
export type KindleNotebookColor = (typeof KINDLE_NOTEBOOK_COLORS)[number]

/** One highlight (or a note alone) of a book on the notebook page. */
export interface KindleNotebookAnnotation {
  /** The highlighted words; absent for a note without a highlight. */
  text?: string
  note?: string
  color?: KindleNotebookColor
  /** Kindle's location number (#kp-annotation-location). */
  location?: number
  /** The printed page, when the book has page numbers ('12', 'xiv'). */
  page?: string
}

/** A book of the notebook page with the annotations the page listed for it. */
export interface KindleNotebookBook {
  asin: string
  title: string
  author?: string
  coverImageUrl?: string
  annotations: KindleNotebookAnnotation[]
}

/** The message that imports one book. */
export interface KindleNotebookMessage {
  channel: typeof KINDLE_NOTEBOOK_CHANNEL
  book: KindleNotebookBook
}

/** What the import of one book did (counts only). */
export interface KindleNotebookBookResult {
  /** Whether the book's page was created (false: it was already in the library). */
  bookCreated: boolean
  highlightsAdded: number
  /** Highlights already in the library (same book and text). */
  highlightsSkipped: number
}

/** Read.amazon hosts of the Kindle notebook, one per Amazon store. */
export const KINDLE_NOTEBOOK_HOSTS = [
  'read.amazon.com',
  'read.amazon.co.uk',
  'read.amazon.de',
  'read.amazon.fr',
  'read.amazon.es',
  'read.amazon.it',
  'read.amazon.nl',
  'read.amazon.co.jp',
  'read.amazon.in',
  'read.amazon.ca',
  'read.amazon.com.au',
  'read.amazon.com.br',
  'read.amazon.com.mx',
  'read.amazon.cn',
] as const

/** Whether `url` is a Kindle notebook page (https, a read.amazon host, /notebook or /kp/notebook). */
export function isKindleNotebookUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  return (
    parsed.protocol === 'https:' &&
    (KINDLE_NOTEBOOK_HOSTS as readonly string[]).includes(parsed.hostname) &&
    /^\/(kp\/)?notebook\/?$/.test(parsed.pathname)
  )
}
