// Reading the Kindle notebook page (read.amazon.com/notebook), whose structure this follows (ADR
// 083; not checked against the live site from here):
// - the library, #kp-notebook-library, lists one .kp-notebook-library-each-book per book, its id
//   the ASIN, with the cover (img.kp-notebook-cover-image), the title (h2) and 'By: author' (p);
// - selecting a book (a click on its link) makes the page load that book's annotations into
//   #kp-notebook-annotations, and #kp-notebook-annotations-asin then holds the book's ASIN;
// - each annotation row holds the hidden #kp-annotation-location (Kindle's location), a header
//   ('Yellow highlight | Page: 12'), a .kp-notebook-highlight-{colour} block with span#highlight
//   and span#note (ids repeat from row to row on the real page, so they are matched as attributes);
// - a long book's annotations come in pages: .kp-notebook-annotations-next-page-start holds the
//   next page's token, and the page loads it when its list is scrolled to the end.
// Only text is read (textContent), never HTML.
import {
  KINDLE_NOTEBOOK_COLORS,
  type KindleNotebookAnnotation,
  type KindleNotebookBook,
  type KindleNotebookColor,
} from '@inkmark/shared/guest'

/** A book of the library list, before its annotations are loaded. */
export interface NotebookBookEntry {
  asin: string
  title: string
  author?: string
  coverImageUrl?: string
  element: HTMLElement
}

const ASIN = /^[A-Za-z0-9]{10,13}$/

function text(node: Element | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** 'By: Jane Doe' (or a localised label) as 'Jane Doe'. */
function authorOf(line: string): string | undefined {
  const author = line.replace(/^[^:：]{1,12}[:：]\s*/, '').trim()
  return author === '' ? undefined : author
}

/** The books the library list shows, in its order. */
export function listNotebookBooks(root: ParentNode = document): NotebookBookEntry[] {
  const books: NotebookBookEntry[] = []
  for (const element of root.querySelectorAll<HTMLElement>(
    '#kp-notebook-library .kp-notebook-library-each-book',
  )) {
    const asin = element.id
    const title = text(element.querySelector('h2'))
    if (!ASIN.test(asin) || title === '') {
      continue
    }
    const author = authorOf(text(element.querySelector('p')))
    const cover = element.querySelector<HTMLImageElement>('img.kp-notebook-cover-image, img')?.src
    books.push({
      asin,
      title,
      ...(author ? { author } : {}),
      ...(cover && /^https:\/\//i.test(cover) ? { coverImageUrl: cover } : {}),
      element,
    })
  }
  return books
}

/** The ASIN of the book whose annotations the page shows now, if any. */
export function shownAsin(root: ParentNode = document): string | undefined {
  const value = root.querySelector<HTMLInputElement>('#kp-notebook-annotations-asin')?.value.trim()
  return value ? value : undefined
}

/** The token of the next page of annotations, when the page has not loaded them all. */
export function nextPageToken(root: ParentNode = document): string | undefined {
  const value = root
    .querySelector<HTMLInputElement>('.kp-notebook-annotations-next-page-start')
    ?.value.trim()
  return value ? value : undefined
}

function colorOf(row: Element): KindleNotebookColor | undefined {
  const block = row.querySelector('.kp-notebook-highlight')
  return KINDLE_NOTEBOOK_COLORS.find((color) =>
    block?.classList.contains(`kp-notebook-highlight-${color}`),
  )
}

function pageOf(header: string): string | undefined {
  // 'Yellow highlight | Page: 12' (English; other stores may word it otherwise, then no page).
  const match = /\bpage:?\s*([0-9ivxlcdm]+)\b/i.exec(header)
  return match?.[1]
}

function locationOf(row: Element, header: string): number | undefined {
  const raw =
    row.querySelector<HTMLInputElement>('[id="kp-annotation-location"]')?.value ??
    /location:?\s*([\d,.]+)/i.exec(header)?.[1]
  const value = Number((raw ?? '').replace(/[,.\s]/g, ''))
  return raw !== undefined && Number.isInteger(value) && value > 0 ? value : undefined
}

/** The annotations the page shows for the selected book. */
export function readShownAnnotations(root: ParentNode = document): KindleNotebookAnnotation[] {
  const list = root.querySelector('#kp-notebook-annotations')
  if (!list) {
    return []
  }
  const annotations: KindleNotebookAnnotation[] = []
  for (const row of list.children) {
    const highlight = text(row.querySelector('[id="highlight"]'))
    const note = text(row.querySelector('[id="note"]'))
    if (highlight === '' && note === '') {
      continue
    }
    const header = text(
      row.querySelector('[id="annotationHighlightHeader"], [id="annotationNoteHeader"]'),
    )
    const color = colorOf(row)
    const location = locationOf(row, header)
    const page = pageOf(header)
    annotations.push({
      ...(highlight ? { text: highlight } : {}),
      ...(note ? { note } : {}),
      ...(color ? { color } : {}),
      ...(location !== undefined ? { location } : {}),
      ...(page ? { page } : {}),
    })
  }
  return annotations
}

/** The book entry with its annotations, as sent to the background. */
export function toNotebookBook(
  entry: NotebookBookEntry,
  annotations: KindleNotebookAnnotation[],
): KindleNotebookBook {
  const { element: _element, ...book } = entry
  return { ...book, annotations }
}
