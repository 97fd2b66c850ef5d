// Helpers for end-to-end tests of the highlighter: a page whose HTML a test writes (and rewrites,
// to change the text under existing highlights), selecting text as a person would, reading
// Inkmark's interface in its closed shadow root (closed-shadow.ts), and calling the background's store contract from an
// extension page, as the popup does.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { UI_HOST, inkmarkUi } from './closed-shadow'
import type { ExtensionBrowser } from './extension-browser'
import { startStaticServer, type StaticServer } from './static-server'

export { closeNewHighlightToolbox } from './extension-toolbox'

/** Paragraphs of the test articles. */
export const FIRST = 'Highlights should find their place again, on every visit, offline.'
export const SECOND = 'A second paragraph talks about notes, tags and the reader that keeps them.'
export const THIRD = 'The third paragraph is about sync between devices through a small relay.'

/** A "Reading list" page with the paragraphs as #p1, #p2 ... */
export function article(paragraphs: readonly string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reading list</title></head>
<body><main><h1>Reading list</h1>${paragraphs.map((text, index) => `<p id="p${index + 1}">${text}</p>`).join('')}</main></body></html>`
}

export interface WrittenSite {
  url(path: string): string
  write(path: string, html: string): Promise<void>
  close(): Promise<void>
}

/** A loopback site whose files the test writes. */
export async function writtenSite(): Promise<WrittenSite> {
  const dir = await mkdtemp(join(tmpdir(), 'inkmark-site-'))
  const server: StaticServer = await startStaticServer(dir)
  return {
    url: (path) => `${server.url}/${path}`,
    write: (path, html) => writeFile(join(dir, path), html),
    async close() {
      await server.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Selects characters [start, end) of the first text of `selector` and ends the gesture as a person
 * would with the keyboard: the selection is set by script (exact characters), then a real Shift
 * press (a trusted keyup, which the highlighter takes as the end of a selection, as after
 * Shift+arrows). A scripted mouseup would be untrusted and ignored (ADR 027).
 */
export async function selectText(
  page: Page,
  selector: string,
  start: number,
  end: number,
): Promise<string> {
  // The keyboard back to the page, as a person's mouse down on the text would: the sidebar's frame
  // in our closed root takes the focus when it opens.
  if ((await page.locator(UI_HOST).count()) > 0) {
    await inkmarkUi(page).evaluateOnRoot('function () { this.activeElement?.blur() }')
  }
  const text = await page.evaluate(
    ([css, from, to]) => {
      const element = document.querySelector(css)!
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      const text = walker.nextNode() as Text
      const range = document.createRange()
      range.setStart(text, from)
      range.setEnd(text, to)
      const selection = window.getSelection()!
      selection.removeAllRanges()
      selection.addRange(range)
      return range.toString()
    },
    [selector, start, end] as const,
  )
  await page.keyboard.press('Shift')
  return text
}

/** Waits until the highlighter has loaded on the page (it sets the status attribute). */
export async function highlighterReady(page: Page): Promise<string | null> {
  await page.waitForSelector('html[data-inkmark-extension]')
  return page.getAttribute('html', 'data-inkmark-extension')
}

/** The texts of the painted highlights, by mark id, in page order. */
export function paintedHighlights(
  page: Page,
): Promise<{ id: string; text: string; classes: string }[]> {
  return page.evaluate(() => {
    const byId = new Map<string, { id: string; text: string; classes: string }>()
    for (const element of document.querySelectorAll<HTMLElement>('.inkmark-highlight[markid]')) {
      const id = element.getAttribute('markid')!
      const entry = byId.get(id) ?? { id, text: '', classes: element.className }
      entry.text += element.textContent ?? ''
      byId.set(id, entry)
    }
    return [...byId.values()]
  })
}

/** Calls a method of one of the background's contracts from the extension's popup page. */
export async function extensionCall<T>(
  browser: ExtensionBrowser,
  channel: 'inkmark:store' | 'inkmark:session',
  method: string,
  ...args: unknown[]
): Promise<T> {
  const page = await browser.context.newPage()
  try {
    await page.goto(`chrome-extension://${browser.extensionId}/popup.html`)
    const answer = await page.evaluate(
      ([callChannel, name, callArgs]) =>
        (
          globalThis as unknown as {
            chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } }
          }
        ).chrome.runtime.sendMessage({ channel: callChannel, method: name, args: callArgs }),
      [channel, method, args] as const,
    )
    const { ok, value, error } = answer as { ok: boolean; value?: unknown; error?: string }
    if (!ok) {
      throw new Error(`${method} failed: ${error}`)
    }
    return value as T
  } finally {
    await page.close()
  }
}

/** Calls a store method in the background, as the popup does. */
export function storeCall<T>(browser: ExtensionBrowser, method: string, ...args: unknown[]) {
  return extensionCall<T>(browser, 'inkmark:store', method, ...args)
}

/** Calls a session method (signIn, signOut, getStatus, syncNow) in the background. */
export function sessionCall<T>(browser: ExtensionBrowser, method: string, ...args: unknown[]) {
  return extensionCall<T>(browser, 'inkmark:session', method, ...args)
}
