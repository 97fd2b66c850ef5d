// The extension's sidebar in the PDF viewer page: the same sidebar frame, edge button and Alt+W
// toggle as on web pages (guest/sidebar-host.ts), showing the library for the PDF's own address.
// A highlight picked in the sidebar may sit on a page the viewer has let go (ADR 080): the viewer
// scrolls to its page, and the highlight flashes once that page is drawn again (pdfIsRendered).
import type { GuestSettings } from '@inkmark/shared/guest'
import { PDF_RENDERED_EVENT, type PdfViewer } from '@inkmark/shared/pdf'
import { flashHighlight } from '~guest/highlight-flash'
import {
  refreshSidebar,
  relayoutSidebar,
  startSidebarHost,
  stopSidebarHost,
  toggleSidebar,
} from '~guest/sidebar-host'

/** What the sidebar reads from the PDF highlighter, always fresh. */
export interface PdfSidebarSource {
  /** The PDF's own address (its bookmark's). */
  pdfUrl: string
  settings(): GuestSettings
  unplaced(): Iterable<string>
}

export interface PdfSidebar {
  toggle(): void
  /** After the highlights were placed again: tells the open sidebar what is not placed. */
  refresh(): void
  /** After the settings changed: the open sidebar takes its new width, side and behaviour. */
  relayout(): void
  stop(): void
}

function paintedWrappers(markId: string): HTMLElement[] {
  return Array.from(
    document.querySelectorAll<HTMLElement>(
      `.inkmark-pdf-page .inkmark-highlight[markid="${CSS.escape(markId)}"]`,
    ),
  )
}

/**
 * The PDF's text as a plain HTML document, for the sidebar's AI summary and chat (the viewer's own
 * HTML holds only the pages drawn now). Built with text nodes: no PDF text is parsed as HTML.
 */
async function pdfAsHtml(viewer: PdfViewer): Promise<string> {
  const page = document.implementation.createHTMLDocument(viewer.title)
  const article = page.createElement('article')
  const heading = page.createElement('h1')
  heading.textContent = viewer.title
  article.append(heading)
  for (let index = 0; index < viewer.pageCount; index += 1) {
    const paragraph = page.createElement('p')
    paragraph.textContent = await viewer.pageText(index)
    article.append(paragraph)
  }
  page.body.append(article)
  return page.documentElement.outerHTML
}

/** Hosts the sidebar in the viewer page for `viewer`'s PDF. */
export function startPdfSidebar(viewer: PdfViewer, source: PdfSidebarSource): PdfSidebar {
  // The text of a PDF does not change while it is open: read its pages once, on the first ask.
  let html: Promise<string> | undefined
  const pageHtml = () => {
    html ??= pdfAsHtml(viewer)
    // A failed read (a damaged page) is tried again on the next ask.
    html.catch(() => {
      html = undefined
    })
    return html
  }
  /** A highlight the sidebar asked for whose page was not drawn yet. */
  let pending: string | undefined
  const showHighlight = (markId: string) => {
    if (!viewer.scrollToMark(markId)) {
      return
    }
    const wrappers = paintedWrappers(markId)
    if (wrappers.length > 0) {
      pending = undefined
      flashHighlight(wrappers)
    } else {
      pending = markId
    }
  }
  const onRendered = () => {
    if (pending === undefined) {
      return
    }
    const wrappers = paintedWrappers(pending)
    if (wrappers.length > 0) {
      pending = undefined
      flashHighlight(wrappers)
    }
  }
  window.addEventListener(PDF_RENDERED_EVENT, onRendered)
  startSidebarHost({
    settings: () => source.settings(),
    unplaced: () => source.unplaced(),
    showHighlight,
    pageUrl: () => source.pdfUrl,
    pageHtml,
  })
  return {
    toggle: toggleSidebar,
    refresh: refreshSidebar,
    relayout: relayoutSidebar,
    stop() {
      window.removeEventListener(PDF_RENDERED_EVENT, onRendered)
      stopSidebarHost()
    },
  }
}
