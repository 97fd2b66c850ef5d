// @vitest-environment jsdom
// The walk over the notebook's books (ADR 083), on a page whose script loads a book's rows after
// its link is clicked and its later rows when the list is scrolled, as the notebook does.
import { beforeEach, describe, expect, it } from 'vitest'
import type { KindleNotebookBook } from '@inkmark/shared/guest'
import { problemText, summaryText } from './helper-ui'
import { walkNotebook, type WalkProgress } from './notebook-walk'

const ROWS: Record<string, string[][]> = {
  B0TESTBK01: [['one-a', 'one-b']],
  B0TESTBK02: [['two-a'], ['two-b']],
  B0TESTBK03: [['three-a']],
}

function section(asin: string, page: number): string {
  const next = page + 1 < ROWS[asin]!.length ? `p${page + 1}` : ''
  return `<input type="hidden" id="kp-notebook-annotations-asin" value="${asin}" />
    <input type="hidden" class="kp-notebook-annotations-next-page-start" value="${next}" />
    <div id="kp-notebook-annotations">${ROWS[asin]![page]!.map(
      (text) => `<div><span id="highlight">${text}</span></div>`,
    ).join('')}</div>`
}

/** The page: books that load on click (a book in `broken` never does), more rows on scroll. */
function renderPage(broken: string[] = []) {
  document.body.innerHTML = `<div id="kp-notebook-library">${Object.keys(ROWS)
    .map(
      (asin) =>
        `<div id="${asin}" class="kp-notebook-library-each-book"><a href="#"><h2>Book ${asin.slice(-1)}</h2></a></div>`,
    )
    .join(
      '',
    )}</div><div id="annotation-scroller"><div id="annotation-section">${section('B0TESTBK01', 0)}</div></div>`
  const loaded: string[] = []
  document.querySelector('#kp-notebook-library')!.addEventListener('click', (event) => {
    const asin = (event.target as Element).closest('.kp-notebook-library-each-book')!.id
    event.preventDefault()
    loaded.push(asin)
    if (!broken.includes(asin)) {
      setTimeout(() => {
        document.querySelector('#annotation-section')!.innerHTML = section(asin, 0)
      })
    }
  })
  document.querySelector('#annotation-scroller')!.addEventListener('scroll', () => {
    const asin = document.querySelector<HTMLInputElement>('#kp-notebook-annotations-asin')!.value
    const token = document.querySelector<HTMLInputElement>(
      '.kp-notebook-annotations-next-page-start',
    )!
    if (token.value) {
      const more = document.createElement('div')
      more.innerHTML = section(asin, Number(token.value.slice(1)))
      setTimeout(() => {
        document
          .querySelector('#kp-notebook-annotations')!
          .append(...more.querySelector('#kp-notebook-annotations')!.children)
        token.value = more.querySelector<HTMLInputElement>(
          '.kp-notebook-annotations-next-page-start',
        )!.value
      })
    }
  })
  return loaded
}

describe('walkNotebook', () => {
  let sent: KindleNotebookBook[]
  let progress: WalkProgress[]
  beforeEach(() => {
    sent = []
    progress = []
  })

  const deps = (timeoutMs = 2_000) => ({
    sendBook: (book: KindleNotebookBook) => {
      sent.push(book)
      return Promise.resolve({
        bookCreated: true,
        highlightsAdded: book.annotations.length,
        highlightsSkipped: 0,
      })
    },
    onProgress: (step: WalkProgress) => progress.push(step),
    timeoutMs,
  })

  it('reads every book, every page of a long one, and selects the first book again', async () => {
    const clicked = renderPage()
    const summary = await walkNotebook(deps())
    expect(sent.map((book) => [book.asin, book.annotations.map((row) => row.text)])).toEqual([
      ['B0TESTBK01', ['one-a', 'one-b']],
      ['B0TESTBK02', ['two-a', 'two-b']],
      ['B0TESTBK03', ['three-a']],
    ])
    expect(progress.map((step) => `${step.index}/${step.total} ${step.title}`)).toEqual([
      '1/3 Book 1',
      '2/3 Book 2',
      '3/3 Book 3',
    ])
    // The first book was shown already: only the others and the way back were clicked.
    expect(clicked).toEqual(['B0TESTBK02', 'B0TESTBK03', 'B0TESTBK01'])
    expect(summary).toEqual({
      books: 3,
      booksAdded: 3,
      highlightsAdded: 5,
      highlightsSkipped: 0,
      failed: [],
      partial: [],
    })
    expect(summaryText(summary)).toBe('Imported 3 new books and 5 highlights.')
    expect(problemText(summary)).toBe('')
  })

  it('names a book that never loads and goes on with the next', async () => {
    renderPage(['B0TESTBK02'])
    const summary = await walkNotebook(deps(200))
    expect(sent.map((book) => book.asin)).toEqual(['B0TESTBK01', 'B0TESTBK03'])
    expect(summary.failed).toEqual(['Book 2'])
    expect(problemText(summary)).toBe('Not imported (try again): Book 2.')
  })

  it('says when there was nothing new, and when there are no books', () => {
    const none = {
      books: 2,
      booksAdded: 0,
      highlightsAdded: 0,
      highlightsSkipped: 4,
      failed: [],
      partial: [],
    }
    expect(summaryText(none)).toBe('Nothing new: every book and highlight is already in Inkmark.')
    expect(summaryText({ ...none, books: 0, highlightsSkipped: 0 })).toBe(
      'This notebook lists no books yet.',
    )
    expect(summaryText({ ...none, highlightsAdded: 1 })).toBe(
      'Imported 0 new books and 1 highlight. 4 highlights were already there.',
    )
  })
})
