// The misc server in the web app (docs/adr/065): a relay, a misc server on its accounts and the
// web app built to call both. "Save as PDF" on the page detail and in the reader downloads a PDF
// whose text (read by pdf.js) is the page's article and its highlight; signed out, the button
// offers sign-in. Adding a page by its address, signed in, takes the page's real title from
// POST /page-content (a loopback site of the test's own, allowed by this misc server's
// configuration only). axe-core is clean on the screens with the new button.
import { createMarkFixture } from '@inkmark/shared/testing'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articlePage, articleParagraphs } from './src/ai-summary-page'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import type { MiscProcess } from './src/misc-process'
import { pdfText } from './src/pdf-text'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { TEST_NOW, startClockAtTestNow } from './src/test-clock'
import { SEED_PAGE_PATH, answeredPrompts, type WebappServer } from './src/webapp-server'
import { startWebappWithRelayAndMisc } from './src/webapp-with-relay'

const PASSWORD = 'correct horse battery'
const PAGE_URL = 'https://example.org/margins'
const HIGHLIGHT = 'a summary is made from what the author wrote'
const SITE_ARTICLE = `<!doctype html><html><head><title>The reading room</title></head><body>
<article><h1>The reading room</h1>${articleParagraphs('reading rooms')
  .map((text) => `<p>${text}</p>`)
  .join('')}</article></body></html>`

function seedEntities(): unknown[] {
  return [
    ...articlePage('margins', PAGE_URL, 'Margins', articleParagraphs('margins'), TEST_NOW),
    createMarkFixture({
      _id: 'margins-mark',
      _bookmark: 'margins',
      url: PAGE_URL,
      text: HIGHLIGHT,
    }),
    answeredPrompts,
  ]
}

async function seed(context: BrowserContext, server: WebappServer): Promise<void> {
  const page = await context.newPage()
  await page.goto(server.url + SEED_PAGE_PATH)
  await page.waitForFunction(() => window.inkmarkSeed !== undefined)
  const seeded = await page.evaluate((entities) => window.inkmarkSeed!(entities), seedEntities())
  expect(seeded.rejected).toEqual([])
  await page.close()
}

async function signUp(context: BrowserContext, server: WebappServer, email: string) {
  const page = await context.newPage()
  await page.goto(server.url + '/sign-up')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'))
  await page.close()
}

/** Presses Save as PDF and resolves the downloaded file's name and text. */
async function savePdf(page: Page): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download', { timeout: 120_000 })
  await page.getByRole('button', { name: 'Save as PDF' }).click()
  const file = await download
  const path = await file.path()
  return { name: file.suggestedFilename(), text: await pdfText(await readFile(path)) }
}

describe('the misc server in the web app', () => {
  let relay: RelayProcess
  let misc: MiscProcess
  let server: WebappServer
  let browser: Browser
  let site: Server
  let siteUrl: string

  beforeAll(async () => {
    site = createServer((request, response) => {
      if (request.url === '/reading-room') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SITE_ARTICLE)
      } else {
        response.writeHead(404).end()
      }
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
    ;({ relay, misc, server } = await startWebappWithRelayAndMisc(createRelayProcess, {
      miscEnv: { INKMARK_FETCHER_ALLOW_LOOPBACK: '1' },
    }))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  }, 400_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await misc?.stop()
    await relay?.dispose()
    site?.closeAllConnections()
    await new Promise((resolve) => site?.close(resolve))
  })

  it('saves the page detail and the reader as a PDF with the article and its highlight', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
    await startClockAtTestNow(context)
    await signUp(context, server, `pdf-${Date.now()}@example.org`)
    await seed(context, server)
    const page = await context.newPage()
    await page.goto(`${server.url}/page/margins`)
    await expect.poll(() => page.getByRole('button', { name: 'Save as PDF' }).count()).toBe(1)
    expect(await seriousAxeViolations(page)).toEqual([])

    const detail = await savePdf(page)
    expect(detail.name).toBe('Margins.pdf')
    expect(detail.text).toContain('Margins')
    expect(detail.text).toContain('Paragraph 6 about margins')
    expect(detail.text).toContain('Highlights (1)')
    expect(detail.text).toContain(HIGHLIGHT)
    await expect.poll(() => page.getByText('PDF saved').count()).toBe(1)

    await page.goto(`${server.url}/reader?url=${encodeURIComponent(PAGE_URL)}`)
    await expect.poll(() => page.getByRole('button', { name: 'Save as PDF' }).count()).toBe(1)
    expect(await seriousAxeViolations(page)).toEqual([])
    const reader = await savePdf(page)
    expect(reader.name).toBe('Margins.pdf')
    expect(reader.text).toContain('Paragraph 1 about margins')
    await context.close()
  }, 300_000)

  it('offers sign-in to a signed-out person', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await startClockAtTestNow(context)
    await seed(context, server)
    const page = await context.newPage()
    await page.goto(`${server.url}/page/margins`)
    await page.getByRole('button', { name: 'Save as PDF' }).click()
    await expect
      .poll(() => page.getByText('Saving as PDF needs an Inkmark account').count())
      .toBe(1)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((url) => url.pathname === '/auth')
    await context.close()
  }, 120_000)

  it('adds a page by its address with the title the misc server read', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await startClockAtTestNow(context)
    await signUp(context, server, `add-${Date.now()}@example.org`)
    await seed(context, server)
    const page = await context.newPage()
    await page.goto(`${server.url}/?dialog=add-content&contentType=url`)
    const dialog = page.getByRole('dialog', { name: 'Add content' })
    await dialog.getByLabel('Page address').fill(`${siteUrl}/reading-room`)
    expect(await seriousAxeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Save page' }).click()
    await page.waitForURL(/\/page\/[^/?]+$/)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('The reading room')
    await context.close()
  }, 120_000)
})
