// Driving a reader's article in a page, the same in the extension's reader tab and the web app's
// reader (both render @inkmark/shared/reader-ui's article): selecting a quote as a mouse gesture
// would, and reading back which highlights are painted.
import type { Page } from 'playwright-core'

/** Selects `text` in the reader's article and ends the gesture with a mouseup. */
export async function selectInArticle(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const root = document.querySelector('.reader-content')!
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.nodeValue!.indexOf(wanted)
      if (at >= 0) {
        const range = document.createRange()
        range.setStart(node, at)
        range.setEnd(node, at + wanted.length)
        node.parentElement!.scrollIntoView({ block: 'center' })
        const selection = window.getSelection()!
        selection.removeAllRanges()
        selection.addRange(range)
        node.parentElement!.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }))
        return
      }
    }
    throw new Error(`"${wanted}" is not in the article`)
  }, text)
}

/** The painted highlights of the article: their text by mark id (a mark may span elements). */
export function highlightsInArticle(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const texts: Record<string, string> = {}
    for (const element of document.querySelectorAll('.reader-content [markid]')) {
      const id = element.getAttribute('markid')!
      texts[id] = (texts[id] ?? '') + (element.textContent ?? '')
    }
    return texts
  })
}
