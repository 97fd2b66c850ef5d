// The dashboard's first screen while the library opens (ADR 021), in Chromium: with the library's
// database held by another tab (so the app's open waits, as on a slow disk or with a very large
// library), a second visit shows the rows the first visit showed, for the same view only, with
// the header working; when the database is free again the live list takes over with the same
// rows. A damaged snapshot is dropped and never shown.
import { createBookmark } from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startClockAtTestNow, TEST_NOW } from './src/test-clock'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

const NOW = TEST_NOW
const HOUR = 3_600_000
const pages = Array.from({ length: 60 }, (_, index) =>
  createBookmark(
    {
      _id: `page-${index}`,
      url: `https://site${index % 3}.example.org/article-${index}`,
      title: `Article number ${index}`,
      tags: index === 0 ? ['first'] : [],
    },
    NOW - index * HOUR,
  ),
)

const FIRST_SCREEN = '.dashboard[data-first-screen]'
const LIVE = '.dashboard:not([data-first-screen])'

async function cardTitles(page: Page, within: string): Promise<string[]> {
  return page.locator(`${within} article.card .card-title a`).allTextContents()
}

describe('the dashboard first screen', () => {
  let server: WebappServer
  let browser: Browser
  let context: BrowserContext
  let app: Page
  let holder: Page

  beforeAll(async () => {
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await startClockAtTestNow(context)
    holder = await context.newPage()
    await holder.goto(server.url + SEED_PAGE_PATH)
    await holder.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await holder.evaluate((entities) => window.inkmarkSeed!(entities), pages)
    expect(result.rejected).toEqual([])
    app = await context.newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('shows the last visit’s rows while the library opens, then the live ones', async () => {
    await app.goto(server.url + '/')
    const summary = app.locator(`${LIVE} .list-summary`)
    await expect.poll(() => summary.textContent()).toBe('60 pages, showing 50')
    // The virtual list holds the rows in view: the same window either way.
    const live = await cardTitles(app, LIVE)
    expect(live.slice(0, 3)).toEqual(['Article number 0', 'Article number 1', 'Article number 2'])
    await expect
      .poll(() => app.evaluate(() => localStorage.getItem('inkmark-first-screen') !== null))
      .toBe(true)

    await holder.evaluate(() => window.inkmarkHoldLibrary!())
    await app.reload()
    await expect.poll(() => cardTitles(app, FIRST_SCREEN)).toEqual(live)
    expect(await app.locator(`${FIRST_SCREEN} .list-summary`).textContent()).toBe(
      '60 pages, showing 50',
    )
    await expect(app.getByRole('heading', { name: /^Today/ }).count()).resolves.toBe(1)
    // Adding a filter offers the library's tags: it waits for the library.
    const addFilter = app.getByRole('button', { name: 'Add filter' })
    expect(await addFilter.getAttribute('aria-disabled')).toBe('true')
    expect(await seriousAxeViolations(app)).toEqual([])

    // Another view has no copy: it says the library is opening.
    await app.getByRole('button', { name: 'Filter by tag first' }).click()
    await expect.poll(() => app.getByText('Opening your library…').count()).toBe(1)
    expect(await app.locator('article.card').count()).toBe(0)
    await app.goBack()
    await expect.poll(() => cardTitles(app, FIRST_SCREEN)).toEqual(live)
    // Still opening: the hold has not been let go.
    expect(await app.locator(LIVE).count()).toBe(0)

    await holder.evaluate(() => window.inkmarkReleaseLibrary!())
    await expect.poll(() => cardTitles(app, LIVE)).toEqual(live)
    expect(await app.locator(FIRST_SCREEN).count()).toBe(0)
    expect(await addFilter.getAttribute('aria-disabled')).toBe('false')
  })

  it('opens a page from the first screen', async () => {
    await holder.evaluate(() => window.inkmarkHoldLibrary!())
    await app.goto(server.url + '/')
    await app.locator(FIRST_SCREEN).getByRole('link', { name: 'Article number 3' }).click()
    await expect.poll(() => new URL(app.url()).pathname).toBe('/page/page-3')
    await holder.evaluate(() => window.inkmarkReleaseLibrary!())
    await expect
      .poll(() => app.getByRole('heading', { level: 1, name: 'Article number 3' }).count())
      .toBe(1)
  })

  it('drops a damaged copy and shows the live rows', async () => {
    await app.evaluate(() => localStorage.setItem('inkmark-first-screen', '{"version":1,"views":['))
    await app.goto(server.url + '/')
    await expect
      .poll(() => app.locator(`${LIVE} .list-summary`).textContent())
      .toBe('60 pages, showing 50')
    expect(await app.locator(FIRST_SCREEN).count()).toBe(0)
    // The live list wrote a good copy again.
    await expect
      .poll(() =>
        app.evaluate((): unknown =>
          JSON.parse(localStorage.getItem('inkmark-first-screen') ?? '{}'),
        ),
      )
      .toMatchObject({ version: 1, views: [{ key: '{}', total: 60, hasMore: true }] })
  })
})
