// Opens PDFs in Inkmark's viewer page (tabs/viewer.html?file=<address>) instead of the browser's
// own viewer, so they can be highlighted (docs/adr/014-pdf.md). Web PDFs are recognised by the
// response (Content-Type application/pdf on a top-level document, not sent as a download), which
// also catches addresses without '.pdf'; local files, which make no web request, by a tab
// navigating to a file: address ending in '.pdf' (when the extension may read files). The tab is
// then pointed at the viewer.
import { getPdfFileUrl } from '@inkmark/shared'

/** The viewer page, relative to the extension's root. */
export const VIEWER_PAGE = 'tabs/viewer.html'

/** The viewer's address for the PDF at `pdfUrl` (the `file` parameter, encoded). */
export function viewerUrlFor(viewerPageUrl: string, pdfUrl: string): string {
  return `${viewerPageUrl}?file=${encodeURIComponent(pdfUrl)}`
}

type Headers = readonly { name: string; value?: string }[] | undefined

function header(headers: Headers, name: string): string {
  return headers?.find((entry) => entry.name.toLowerCase() === name)?.value ?? ''
}

/** Whether a response is a PDF meant to be shown (not one the site sends as a download). */
export function isShownPdfResponse(headers: Headers): boolean {
  const type = header(headers, 'content-type').split(';')[0]!.trim().toLowerCase()
  const disposition = header(headers, 'content-disposition').trim().toLowerCase()
  return type === 'application/pdf' && !disposition.startsWith('attachment')
}

/** Whether `url` is a local PDF file (file: scheme, name ending in .pdf). */
export function isLocalPdfUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'file:' && parsed.pathname.toLowerCase().endsWith('.pdf')
  } catch {
    return false
  }
}

/** Starts sending PDF tabs to the viewer page. */
export function startPdfInterception(): void {
  const viewerPageUrl = chrome.runtime.getURL(VIEWER_PAGE)
  const openInViewer = (tabId: number, pdfUrl: string) => {
    chrome.tabs.update(tabId, { url: viewerUrlFor(viewerPageUrl, pdfUrl) }).catch(() => {
      // The tab was closed meanwhile.
    })
  }
  chrome.webRequest.onHeadersReceived.addListener(
    (details) => {
      if (
        details.tabId >= 0 &&
        details.method === 'GET' &&
        isShownPdfResponse(details.responseHeaders)
      ) {
        openInViewer(details.tabId, details.url)
      }
      return undefined
    },
    { urls: ['http://*/*', 'https://*/*'], types: ['main_frame'] },
    ['responseHeaders'],
  )
  chrome.tabs.onUpdated.addListener((tabId, change) => {
    const url = change.url
    if (url === undefined || !isLocalPdfUrl(url)) {
      return
    }
    // Only where the viewer can read the file: Chrome with "Allow access to file URLs" on; never
    // in Firefox, which answers false (its own viewer keeps the file).
    void chrome.extension
      .isAllowedFileSchemeAccess()
      .then((allowed) => {
        if (allowed) {
          openInViewer(tabId, url)
        }
      })
      .catch(() => undefined)
  })
}

/**
 * The PDF address a message from the viewer page stands for: guest calls from the viewer concern
 * the PDF it shows, as if a content script ran in it. Null for any other sender or page.
 */
export function viewerPdfUrl(senderUrl: string | undefined, viewerPageUrl: string): string | null {
  if (senderUrl === undefined || !senderUrl.startsWith(`${viewerPageUrl}?`)) {
    return null
  }
  return getPdfFileUrl(senderUrl)
}
