// The offscreen document (Chrome only, reason DOM_PARSER): the service worker has no DOM, so it
// sends a page's HTML here to be extracted into the article saved as the page's content
// (page-content-parse.ts). It answers only its own extension's background, shows nothing, and
// inserts nothing: the HTML is parsed into a detached document.
import { parseRequestOf, parseSavedArticle } from '../service/page-content-parse'

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  const request = parseRequestOf(message)
  // Only the background asks (not a content script, which has a tab; not another extension).
  if (request === undefined || sender.id !== chrome.runtime.id || sender.tab !== undefined) {
    return false
  }
  try {
    sendResponse(parseSavedArticle(request.html, request.url, window))
  } catch (error) {
    console.error('Inkmark: the page could not be parsed', error)
    sendResponse({ ok: false, reason: 'no-article' })
  }
  return false
})

/** Nothing to show: an offscreen document is never seen. */
function Offscreen() {
  return null
}

export default Offscreen
