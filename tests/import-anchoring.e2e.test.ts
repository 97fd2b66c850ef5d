// Moving in from Hypothesis without losing an anchor (issue 18, ADR 068), in real Chromium with the
// built extension and the built web app in one profile (one library, ADR 035): the saved Wikipedia
// page of the fixtures is served on loopback at the annotations' URL path, the real Hypothesis
// annotations (their page URL pointed at that server, their selectors untouched) go in through the
// web app's import dialog, and the extension's highlighter on the live page paints every one of
// them on exactly the text Hypothesis quoted. A second copy of the page has a `<br>` where the
// quote of one annotation reads a space (as a writer reading the rendered page quotes it): that
// annotation still lands on exactly its words.
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesDir } from '@inkmark/shared/fixtures'
import { seriousAxeViolations } from './src/axe'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { highlighterReady, paintedHighlights } from './src/extension-page'
import { E2E_WEBAPP_PORT, holdE2eWebappOriginDuringBlock } from './src/e2e-webapp-origin'
import { startWebapp, type WebappServer } from './src/webapp-server'
/** Where the annotations were made. */
const ANNOTATED_URL = 'https://en.wikipedia.org/wiki/Regression_testing'
const PAGE_PATH = new URL(ANNOTATED_URL).pathname
/** The same page with a line break in place of the space in 'most software'. */
const BR_PAGE_PATH = `${PAGE_PATH}_with_a_line_break`
/** Generous: an effect, not a deadline. */
const WAIT = { timeout: 30_000, interval: 50 }

interface Annotation {
  target: { selector: { type: string; exact?: string }[] }[]
}

/** Serves the saved page at PAGE_PATH (and its <br> copy) on loopback; everything else is a 404. */
async function servePage(html: string): Promise<{ url: string; server: Server }> {
  const pages = new Map([
    [PAGE_PATH, html],
    [BR_PAGE_PATH, html.replace('most software', 'most<br>software')],
  ])
  const server = createServer((request, response) => {
    const page = pages.get((request.url ?? '').split('?')[0] ?? '')
    if (page !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(page)
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

describe('Hypothesis annotations imported in the web app anchor on their live page', () => {
  // The e2e web app origin is one fixed port: held for this whole file (ADR 070).
  holdE2eWebappOriginDuringBlock()

  let browser: ExtensionBrowser
  let webapp: WebappServer
  let site: { url: string; server: Server }
  let json: string
  let quotes: string[]

  beforeAll(async () => {
    const dir = join(fixturesDir('hypothesis'), 'hypothesis')
    const page = await readFile(join(dir, 'wikipedia-regression-testing.html'), 'utf8')
    site = await servePage(page)
    const original = await readFile(join(dir, 'wikipedia-regression-testing.json'), 'utf8')
    // The page's address is the loopback server's; the selectors are the file's, byte for byte.
    const rowsAt = (path: string) =>
      (JSON.parse(original.split(ANNOTATED_URL).join(`${site.url}${path}`)) as { rows: unknown[] })
        .rows
    json = JSON.stringify({ total: 10, rows: [...rowsAt(PAGE_PATH), ...rowsAt(BR_PAGE_PATH)] })
    quotes = (JSON.parse(original) as { rows: Annotation[] }).rows.map(
      (row) =>
        row.target[0]!.selector.find((selector) => selector.type === 'TextQuoteSelector')!.exact!,
    )
    webapp = await startWebapp({ port: E2E_WEBAPP_PORT })
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await webapp?.close()
    await new Promise((resolve) => site?.server.close(resolve))
  })

  it('imports the file through the dialog and paints each annotation on its exact quote', async () => {
    expect(quotes).toHaveLength(5)
    const app: Page = await browser.context.newPage()
    await app.goto(`${webapp.url}/`)
    await app.getByText('Library shared with the Inkmark extension').waitFor(WAIT)
    await app.goto(`${webapp.url}/settings?view=backup&dialog=import`)
    const dialog = app.getByRole('dialog', { name: 'Import pages and highlights' })
    await dialog.waitFor(WAIT)
    expect(await dialog.textContent()).toContain('Hypothesis (JSON)')
    expect(await seriousAxeViolations(app)).toEqual([])
    await dialog.getByLabel('File to import').setInputFiles({
      name: 'hypothesis-annotations.json',
      mimeType: 'application/json',
      buffer: Buffer.from(json),
    })
    const counts = dialog.locator('.import-counts')
    await expect.poll(() => counts.textContent(), WAIT).toContain('2 pages, 10 highlights')
    expect(await counts.textContent()).toContain('Hypothesis JSON')
    expect(await seriousAxeViolations(app)).toEqual([])

    const article = await browser.context.newPage()
    await article.goto(`${site.url}${PAGE_PATH}`, { waitUntil: 'domcontentloaded' })
    await highlighterReady(article)
    await expect.poll(async () => (await paintedHighlights(article)).length, WAIT).toBe(5)
    const painted = (await paintedHighlights(article)).map((highlight) => highlight.text)
    expect(painted.sort()).toEqual([...quotes].sort())
    // In their places, not on look-alikes ("Regression testing" is also the title and in the text):
    // the heading, the footer's list item and three paragraphs, as Hypothesis's XPaths say.
    const places = await article.evaluate(() => {
      const first = new Map<string, Element>()
      for (const element of document.querySelectorAll('.inkmark-highlight[markid]')) {
        const id = element.getAttribute('markid')!
        first.set(id, first.get(id) ?? element)
      }
      return [...first.values()].map((element) => element.closest('h1, li, p')?.tagName ?? '')
    })
    expect([...new Set(places)].sort()).toEqual(['H1', 'LI', 'P'])
    expect(places.filter((tag) => tag === 'P')).toHaveLength(3)

    // The copy with a <br>: Hypothesis's quote says 'most software', the page has no space there.
    const withBreak = await browser.context.newPage()
    await withBreak.goto(`${site.url}${BR_PAGE_PATH}`, { waitUntil: 'domcontentloaded' })
    await highlighterReady(withBreak)
    await expect.poll(async () => (await paintedHighlights(withBreak)).length, WAIT).toBe(5)
    const onBreakPage = (await paintedHighlights(withBreak)).map((highlight) => highlight.text)
    const expected = quotes.map((quote) => quote.replace('most software', 'mostsoftware'))
    expect(expected).not.toEqual(quotes)
    expect(onBreakPage.sort()).toEqual(expected.sort())
    // The highlight spans the line break: its wrappers sit on both sides of the <br>.
    const aroundBreak = await withBreak.evaluate(() => {
      const br = [...document.querySelectorAll('p br')].find((element) =>
        element.previousSibling?.textContent?.endsWith('most'),
      )
      return [
        br?.previousElementSibling?.getAttribute('markid'),
        br?.nextElementSibling?.getAttribute('markid'),
      ]
    })
    expect(aroundBreak[0]).toBeTruthy()
    expect(aroundBreak[1]).toBe(aroundBreak[0])
  })
})
