// The text of the page a sidebar belongs to, for an AI summary or chat the person asked for there.
// The sidebar asks its content script (over the frame line only our two sides hold) for the page
// as the person sees it, and extracts the article here, in the extension's frame, the way the
// reader does (a detached document where no script of the page runs). A page that is not an
// article (too short for the reader) gives its whole body text instead; a YouTube watch page whose
// transcript the extension loaded gives the transcript.
import { extractArticle, parsePageHtml } from '@inkmark/shared'
import { onHostMessage, postToHost } from '../frame-link'

/** What an AI summary or chat of a page starts from. */
export interface PageText {
  title: string
  url: string
  text: string
}

/** How long the sidebar waits for its page's HTML. */
const PAGE_WAIT_MS = 10_000

/** The page's text: a video's transcript when given, else its article, else its body's text. */
export function pageTextFromHtml(html: string, url: string, transcript?: string): PageText {
  const document = parsePageHtml(html)
  if (transcript !== undefined && transcript.trim() !== '') {
    return { title: document.title.trim() || url, url, text: transcript.trim() }
  }
  const article = extractArticle(document, url)
  if (article.ok && article.value.textContent.trim() !== '') {
    return { title: article.value.title, url, text: article.value.textContent.trim() }
  }
  const body = parsePageHtml(html).body
  for (const hidden of Array.from(body.querySelectorAll('script, style, noscript, template'))) {
    hidden.remove()
  }
  const text = (body.textContent ?? '').replace(/\s+/g, ' ').trim()
  return { title: document.title.trim() || url, url, text }
}

/** Asks the content script that framed this sidebar for its page, and extracts its text. */
export function requestPageText(url: string): Promise<PageText> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error('Could not load content. Try a different page.'))
    }, PAGE_WAIT_MS)
    const stop = onHostMessage((message) => {
      if (message.type === 'page') {
        clearTimeout(timer)
        stop()
        resolve(pageTextFromHtml(message.html, url, message.transcript))
      }
    })
    postToHost({ type: 'pageWanted' })
  })
}
