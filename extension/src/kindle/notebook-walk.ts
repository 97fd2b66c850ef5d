// The walk of the Kindle notebook helper: select each book of the library list in turn (the page
// loads its annotations), wait for them to show, follow the pages of a long book, read them and
// send the book to the background to import (ADR 083). One book at a time, so progress can be
// shown and a walk cut short keeps the books already imported. The person's book is selected
// again at the end.
import type { KindleNotebookBook, KindleNotebookBookResult } from '@inkmark/shared/guest'
import {
  listNotebookBooks,
  nextPageToken,
  readShownAnnotations,
  shownAsin,
  toNotebookBook,
  type NotebookBookEntry,
} from './notebook-page'

/** How long a book (or one more page of it) may take to load before it is given up. */
export const BOOK_LOAD_TIMEOUT_MS = 20_000

export interface WalkProgress {
  /** 1-based number of the book being read. */
  index: number
  total: number
  title: string
}

/** What the walk did. */
export interface WalkSummary {
  books: number
  booksAdded: number
  highlightsAdded: number
  highlightsSkipped: number
  /** Books that did not load or were refused, by title. */
  failed: string[]
  /** Books whose later annotation pages did not load: imported in part. */
  partial: string[]
}

export interface WalkDeps {
  sendBook: (book: KindleNotebookBook) => Promise<KindleNotebookBookResult>
  onProgress: (progress: WalkProgress) => void
  timeoutMs?: number
}

/** Resolves true once `condition()` holds (checked on each DOM change), false after `timeoutMs`. */
export function waitForPage(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  if (condition()) {
    return Promise.resolve(true)
  }
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      observer.disconnect()
      clearTimeout(timer)
      resolve(value)
    }
    const observer = new MutationObserver(() => {
      if (condition()) {
        done(true)
      }
    })
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['value'],
    })
    const timer = setTimeout(() => done(condition()), timeoutMs)
  })
}

function select(entry: NotebookBookEntry): void {
  const link = entry.element.querySelector<HTMLElement>('a, [data-action]') ?? entry.element
  link.click()
}

const annotationRows = () => document.querySelectorAll('#kp-notebook-annotations > *').length

/** Scrolls the annotation list to its end until the page has loaded every page of the book. */
async function loadAllPages(asin: string, timeoutMs: number): Promise<boolean> {
  for (let token = nextPageToken(); token !== undefined; token = nextPageToken()) {
    const rows = annotationRows()
    const scroller =
      document.querySelector<HTMLElement>('#annotation-scroller') ??
      document.querySelector<HTMLElement>('#kp-notebook-annotations-pane')
    if (!scroller) {
      return false
    }
    scroller.scrollTop = scroller.scrollHeight
    scroller.dispatchEvent(new Event('scroll'))
    const current = token
    const loaded = await waitForPage(
      () => shownAsin() === asin && (annotationRows() > rows || nextPageToken() !== current),
      timeoutMs,
    )
    if (!loaded || shownAsin() !== asin) {
      return false
    }
  }
  return true
}

/** Reads and imports every book of the notebook page. */
export async function walkNotebook(deps: WalkDeps): Promise<WalkSummary> {
  const timeoutMs = deps.timeoutMs ?? BOOK_LOAD_TIMEOUT_MS
  const books = listNotebookBooks()
  const first = shownAsin()
  const summary: WalkSummary = {
    books: books.length,
    booksAdded: 0,
    highlightsAdded: 0,
    highlightsSkipped: 0,
    failed: [],
    partial: [],
  }
  for (const [index, entry] of books.entries()) {
    deps.onProgress({ index: index + 1, total: books.length, title: entry.title })
    if (shownAsin() !== entry.asin) {
      select(entry)
    }
    const shown = await waitForPage(
      () =>
        shownAsin() === entry.asin && document.querySelector('#kp-notebook-annotations') !== null,
      timeoutMs,
    )
    if (!shown) {
      summary.failed.push(entry.title)
      continue
    }
    if (!(await loadAllPages(entry.asin, timeoutMs))) {
      summary.partial.push(entry.title)
    }
    try {
      const result = await deps.sendBook(toNotebookBook(entry, readShownAnnotations()))
      summary.booksAdded += result.bookCreated ? 1 : 0
      summary.highlightsAdded += result.highlightsAdded
      summary.highlightsSkipped += result.highlightsSkipped
    } catch {
      summary.failed.push(entry.title)
    }
  }
  const again = books.find((entry) => entry.asin === first)
  if (again && shownAsin() !== again.asin) {
    select(again)
  }
  return summary
}
