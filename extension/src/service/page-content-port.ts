// The background's half of saving a live page's content: a content script opens its port after a
// highlight or a save; the background asks the library whether the person wants page content
// (autoDownloadPageContent) and only then takes the page's HTML, parses it in a DOM context
// (page-content-parser.ts) and stores the article through the store's page-content save. Who sent
// it is taken from the browser (a page's top frame in a tab), never from the message. A page
// without an article is passed over quietly (the person did not ask to read it); the store's
// quota refusal goes back to be shown on the page. ADR 017.
import { library } from './library'
import { parsePageContent } from './page-content-parser'
import { PAGE_CONTENT_PORT, offeredHtml, type PageContentAnswer } from './page-content-protocol'
import { isPageContentWanted, saveArticleAsPageContent } from './page-content-save'
import { handoffPageUrl } from './reader-handoff'

/** Stores the article of the page at `url`; the answer for the page. */
export async function savePageContentOf(html: string, url: string): Promise<PageContentAnswer> {
  const parsed = await parsePageContent(html, url)
  if (!parsed.ok) {
    return { type: 'not-saved' }
  }
  const store = await library()
  // The page's address as the browser reported it, whatever the parser saw.
  const refused = await saveArticleAsPageContent(store, { ...parsed.saved, url })
  await store.flush()
  return refused === null ? { type: 'saved' } : { type: 'not-saved', message: refused }
}

function acceptOffer(port: chrome.runtime.Port): void {
  if (port.name !== PAGE_CONTENT_PORT) {
    return
  }
  const url = handoffPageUrl(port.sender, chrome.runtime.id)
  if (url === undefined) {
    port.disconnect()
    return
  }
  const answer = (reply: PageContentAnswer, done: boolean) => {
    try {
      port.postMessage(reply)
      if (done) {
        port.disconnect()
      }
    } catch {
      // The page went away meanwhile.
    }
  }
  // The HTML is taken once, and only after the background said it wants it.
  let stage: 'asking' | 'wanted' | 'done' = 'asking'
  port.onMessage.addListener((message: unknown) => {
    if (stage !== 'wanted') {
      return
    }
    stage = 'done'
    const html = offeredHtml(message)
    if (html === undefined) {
      answer({ type: 'not-saved' }, true)
      return
    }
    savePageContentOf(html, url).then(
      (reply) => answer(reply, true),
      (error: unknown) => {
        console.error('Inkmark: the page content was not saved', error)
        answer({ type: 'not-saved' }, true)
      },
    )
  })
  library()
    .then((store) => isPageContentWanted(store))
    .then(
      (wanted) => {
        stage = wanted ? 'wanted' : 'done'
        answer({ type: wanted ? 'wanted' : 'not-wanted' }, !wanted)
      },
      (error: unknown) => {
        console.error('Inkmark: the settings could not be read', error)
        answer({ type: 'not-wanted' }, true)
      },
    )
}

/** Listens for offered pages; call once, at the worker's start (listeners must exist on wake-up). */
export function startPageContentSaving(): void {
  chrome.runtime.onConnect.addListener(acceptOffer)
}
