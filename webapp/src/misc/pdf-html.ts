// What "Save as PDF" sends to the misc server: the page's reader article (its sanitized HTML, as
// the reader shows it, each highlight marked in its colour where its text is found) when this
// browser has a saved copy, then the page's highlights with their notes, and the page's address.
// Highlights and notes are put in as text (textContent), never as HTML; the server prints with
// JavaScript and the network off (docs/adr/065).
import { markNoteText, type LocalStore, type Mark, type ReaderArticle } from '@inkmark/shared'
import { displayColor } from '../lib/display-color'
import { loadSavedArticle } from '../reader/load-saved-article'

function element(tag: string, text?: string): HTMLElement {
  const node = document.createElement(tag)
  if (text !== undefined) {
    node.textContent = text
  }
  return node
}

/**
 * Marks the first occurrence of `quote` in `root` when it lies within one text node (most
 * highlights do); a highlight across elements stays only in the list below the article.
 */
function markQuote(root: HTMLElement, quote: string, color: string | undefined): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node as Text
    const start = text.data.indexOf(quote)
    if (start >= 0) {
      const found = text.splitText(start)
      found.splitText(quote.length)
      const mark = document.createElement('mark')
      // A hex colour only: a stored value can never bring another CSS value in.
      mark.style.backgroundColor = displayColor(color)
      found.replaceWith(mark)
      mark.append(found)
      return
    }
  }
}

/** The HTML of the PDF of the page at `url`: its article (if given) and its highlights. */
export function pdfHtml(url: string, article: ReaderArticle | undefined, marks: readonly Mark[]) {
  const root = element('div')
  const source = element('p', url)
  source.className = 'inkmark-print-source'
  root.append(source)
  if (article !== undefined) {
    const body = element('section')
    // Sanitized by readSavedArticle: the reader's one gate for page HTML.
    body.innerHTML = article.contentHtml
    root.append(body)
  }
  const quoted = marks.filter((mark) => (mark.text ?? '').trim() !== '')
  const body = root.querySelector('section')
  if (body !== null) {
    for (const mark of quoted) {
      markQuote(body, (mark.text ?? '').trim(), mark.color)
    }
  }
  if (quoted.length > 0) {
    const section = element('section')
    section.append(element('h2', `Highlights (${quoted.length})`))
    for (const mark of quoted) {
      const quote = element('blockquote', mark.text ?? '')
      section.append(quote)
      const note = markNoteText(mark).trim()
      if (note !== '') {
        section.append(element('p', `Note: ${note}`))
      }
    }
    root.append(section)
  }
  return root.innerHTML
}

/** The PDF's HTML from this browser's library: the saved article when there is one. */
export async function pdfHtmlFromLibrary(
  store: LocalStore,
  url: string,
  article?: ReaderArticle,
): Promise<string> {
  let readable = article
  if (readable === undefined) {
    const saved = await loadSavedArticle(store, { url })
    readable = saved.status === 'ready' ? saved.article : undefined
  }
  const bookmark = store.getBookmarkForUrl(url)
  const marks = bookmark === undefined ? [] : store.getMarksForBookmark(bookmark._id)
  return pdfHtml(url, readable, marks)
}
