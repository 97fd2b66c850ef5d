// After a highlight or a save on the live page, the content script offers the page as the person
// sees it (its current HTML) to the background, which saves its article as the page's content
// when the person turned autoDownloadPageContent on. The background says first whether it wants
// the page, so no HTML leaves the page when saving is off. A page is offered once per page load,
// again only when its address or its text changed meaningfully (shouldOfferPage, ADR 017).
import {
  PAGE_CONTENT_PORT,
  addressOf,
  pageContentAnswerOf,
  shouldOfferPage,
  type OfferedPage,
  type PageContentOffer,
} from '../service/page-content-protocol'
import { showToast } from './toasts'

let lastOffered: OfferedPage | undefined
let offering = false

/** Offers this page's content to be saved, unless already offered as it is; quota refusals toast. */
export function offerPageContent(): void {
  const current: OfferedPage = {
    address: addressOf(location.href),
    textLength: document.body?.textContent?.length ?? 0,
  }
  if (offering || !shouldOfferPage(lastOffered, current)) {
    return
  }
  let port: chrome.runtime.Port
  try {
    port = chrome.runtime.connect({ name: PAGE_CONTENT_PORT })
  } catch (error) {
    // The extension was updated or removed under this page: the highlight itself is done.
    console.warn('Inkmark: the page content was not offered', error)
    return
  }
  offering = true
  const finish = () => {
    offering = false
  }
  port.onDisconnect.addListener(finish)
  port.onMessage.addListener((message: unknown) => {
    const answer = pageContentAnswerOf(message)
    if (answer?.type === 'wanted') {
      lastOffered = current
      const offer: PageContentOffer = { html: document.documentElement.outerHTML }
      port.postMessage(offer)
      return
    }
    if (answer?.type === 'not-saved' && answer.message !== undefined) {
      showToast(answer.message)
    }
    finish()
    port.disconnect()
  })
}
