// Helpers for end-to-end tests of the PDF viewer page: opening a PDF in it, recording the notices it
// shows while the PDF opens (they change faster than a test could poll), and selecting text in the
// pages' text layers as a person would (a selection, then the mouseup that ends the gesture).
import type { Page } from 'playwright-core'

/** The viewer page's address for the PDF at `pdfUrl`. */
export function viewerUrl(extensionId: string, pdfUrl: string): string {
  return `chrome-extension://${extensionId}/tabs/viewer.html?file=${encodeURIComponent(pdfUrl)}`
}

/** Records every text the viewer's notice shows, in order, from the page's first script on. */
export async function recordNotices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(globalThis as unknown as { inkmarkNotices: string[] }).inkmarkNotices = seen
    new MutationObserver(() => {
      const text = document.querySelector('.viewer-notice')?.textContent ?? ''
      if (seen[seen.length - 1] !== text) {
        seen.push(text)
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

/** The notices recorded so far (empty texts are the notice going away). */
export function recordedNotices(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...(globalThis as unknown as { inkmarkNotices?: string[] }).inkmarkNotices!,
  ])
}

/** Waits for the text layer of page `index` (from 0) to be drawn. */
export async function textLayerDrawn(page: Page, index: number): Promise<void> {
  await page.waitForSelector(`.inkmark-pdf-page[data-page-index="${index}"] .textLayer span`, {
    state: 'attached',
  })
}

/**
 * Selects the first `length` characters of the first text piece of at least that length on a
 * drawn page (the first such page from `fromPage` on), and ends the gesture with a mouseup.
 * Returns the page and the selected text.
 */
export function selectInPage(
  page: Page,
  fromPage: number,
  length: number,
): Promise<{ pageIndex: number; text: string }> {
  return page.evaluate(
    ([from, size]) => {
      const pages = [...document.querySelectorAll<HTMLElement>('.inkmark-pdf-page')]
      for (const pageElement of pages.slice(from)) {
        const spans = pageElement.querySelectorAll<HTMLElement>(
          '.textLayer span:not(.markedContent)',
        )
        const span = [...spans].find(
          (candidate) =>
            candidate.firstChild?.nodeType === Node.TEXT_NODE &&
            candidate.textContent.trim().length >= size &&
            candidate.querySelector('.inkmark-highlight') === null,
        )
        if (span !== undefined) {
          const range = document.createRange()
          range.setStart(span.firstChild!, 0)
          range.setEnd(span.firstChild!, size)
          const selection = window.getSelection()!
          selection.removeAllRanges()
          selection.addRange(range)
          span.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }))
          return { pageIndex: Number(pageElement.dataset.pageIndex), text: range.toString() }
        }
      }
      throw new Error('No drawn page has text to select')
    },
    [fromPage, length] as const,
  )
}

/**
 * Selects from the last `tail` characters of page `index`'s text to the first `head` characters of
 * the next page's, and ends the gesture with a mouseup. Both pages must be drawn.
 */
export function selectAcrossPageBreak(
  page: Page,
  index: number,
  tail: number,
  head: number,
): Promise<string> {
  return page.evaluate(
    ([first, fromEnd, toStart]) => {
      const textNodes = (pageIndex: number) => {
        const layer = document.querySelector(
          `.inkmark-pdf-page[data-page-index="${pageIndex}"] .textLayer`,
        )!
        const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT)
        const nodes: Text[] = []
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          if ((node as Text).data.trim().length >= 4) {
            nodes.push(node as Text)
          }
        }
        return nodes
      }
      const last = textNodes(first).at(-1)!
      const next = textNodes(first + 1)[0]!
      const range = document.createRange()
      range.setStart(last, Math.max(0, last.data.length - fromEnd))
      range.setEnd(next, Math.min(next.data.length, toStart))
      const selection = window.getSelection()!
      selection.removeAllRanges()
      selection.addRange(range)
      next.parentElement!.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }))
      return range.toString()
    },
    [index, tail, head] as const,
  )
}
