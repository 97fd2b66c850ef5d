// The web app and the site as they ship, with their security headers on (served from the `_headers`
// file each build writes, as a static host would): the library, the reader (a whole saved page)
// and the PDF viewer run with no CSP violation and no CSP message in the console; a script the
// page did not ship is refused (so the watch is real); another origin cannot frame either of them;
// and the responses carry nosniff and a referrer policy.
import { createBookmark, createPageContent } from '@inkmark/shared'
import { fixturesDir } from '@inkmark/shared/fixtures'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cspConsoleMessages, cspViolations, recordCspViolations } from './src/csp-watch'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { readabilityFixture } from './src/readability-fixtures'
import { startStaticServer, type StaticServer } from './src/static-server'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const ARTICLE_URL = 'https://medium.example.com/@courtney/on-behalf-of-literally'
const PDF_FILE = join(fixturesDir('pdf'), 'pdf', 'budlong.pdf')
/** How long a poll may wait for the PDF viewer to draw: a bound, not a measure. */
const VIEWER_WAIT = { timeout: 30_000 }

/** A page on another origin that frames `url`, served until closed. */
async function startFramer(url: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      `<!doctype html><title>Framer</title><iframe id="target" src="${url}" width="800" height="600"></iframe>`,
    )
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  // 'localhost' is another origin than the app's 127.0.0.1, and another site.
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise((done) => server.close(() => done())),
  }
}

/** Whether the frame of `framer` that loads `target` shows it (false: the browser refused it). */
async function framedAppLoads(page: Page, framer: string, target: string): Promise<boolean> {
  await page.goto(framer)
  const frame = await (await page.locator('#target').elementHandle()).contentFrame()
  await expect.poll(() => frame?.url() ?? '').not.toBe('about:blank')
  if (frame === null || !frame.url().startsWith(target)) {
    return false
  }
  return frame.evaluate(() => document.getElementById('root') !== null).catch(() => false)
}

async function expectSecurityHeaders(url: string) {
  const response = await fetch(url)
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
}

describe('the web app with its security headers', () => {
  let server: WebappServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let consoleMessages: string[]

  beforeAll(async () => {
    const article = await readabilityFixture('medium-2')
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    // Offline but for the web app itself: the article's images are refused by the network, not
    // the policy (an aborted request is no violation).
    await context.route('**/*', (route) =>
      route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
    )
    await recordCspViolations(context)
    page = await context.newPage()
    consoleMessages = cspConsoleMessages(page)
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const now = Date.now()
    const result = await page.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [
        createBookmark(
          { _id: 'page-article', url: ARTICLE_URL, title: article.metadata.title },
          now,
        ),
        createPageContent(
          { _id: 'pc-article', url: ARTICLE_URL, title: 'Article', content: article.source },
          now,
        ),
      ],
    )
    expect(result.rejected).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('sends the headers on the app and its assets', async () => {
    await expectSecurityHeaders(server.url + '/')
    await expectSecurityHeaders(server.url + '/page/page-article')
  })

  it('runs the library, the reader and the PDF viewer with no CSP violation', async () => {
    await page.goto(server.url + '/')
    await page
      .getByRole('link', { name: /On Behalf of/ })
      .first()
      .waitFor()
    expect(await cspViolations(page)).toEqual([])

    const reader = new URLSearchParams({ url: ARTICLE_URL, pageContent: 'pc-article' })
    await page.goto(`${server.url}/reader?${reader.toString()}`)
    await page.locator('.reader-content').waitFor()
    expect(await cspViolations(page)).toEqual([])

    await page.goto(server.url + '/')
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Add content' })
      .click()
    await page
      .getByRole('dialog', { name: 'Add content' })
      .getByRole('tab', { name: 'PDF' })
      .click()
    await page.getByLabel('Choose a PDF file').setInputFiles(PDF_FILE)
    await page.waitForURL(/\/pdf\/[^/]+$/)
    await expect
      .poll(() => page.locator('.inkmark-pdf-page .textLayer span').count(), VIEWER_WAIT)
      .toBeGreaterThan(0)
    expect(await cspViolations(page)).toEqual([])
    expect(consoleMessages).toEqual([])
  })

  it('refuses a script the app did not ship (the watch sees a violation)', async () => {
    await page.goto(server.url + '/')
    await page.addScriptTag({ content: 'document.title = "injected"' }).catch(() => undefined)
    await expect
      .poll(async () => (await cspViolations(page)).map((violation) => violation.directive))
      .toContain('script-src-elem')
    expect(await page.title()).not.toBe('injected')
  })

  it('cannot be framed by another origin', async () => {
    const framer = await startFramer(server.url + '/')
    // A context of its own: the one above lets requests reach the web app only.
    const framingContext = await browser.newContext()
    try {
      const framing = await framingContext.newPage()
      const messages = cspConsoleMessages(framing)
      expect(await framedAppLoads(framing, framer.url, server.url)).toBe(false)
      await expect.poll(() => messages.join('\n')).toContain('frame-ancestors')
    } finally {
      await framingContext.close()
      await framer.close()
    }
  })
})

describe('the site with its security headers', () => {
  let root: string
  let server: StaticServer
  let browser: Browser

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'inkmark-site-'))
    const siteDir = join(repoRoot, 'site')
    await build({
      root: siteDir,
      configFile: join(siteDir, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: root, emptyOutDir: true },
    })
    server = await startStaticServer(root)
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await rm(root, { recursive: true, force: true })
  })

  it('sends the headers, shows its page with no CSP violation, and cannot be framed', async () => {
    await expectSecurityHeaders(server.url + '/')
    const context = await browser.newContext()
    await recordCspViolations(context)
    const page = await context.newPage()
    const messages = cspConsoleMessages(page)
    await page.goto(server.url + '/')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await cspViolations(page)).toEqual([])
    expect(messages).toEqual([])

    const framer = await startFramer(server.url + '/')
    try {
      expect(await framedAppLoads(page, framer.url, server.url)).toBe(false)
    } finally {
      await framer.close()
      await context.close()
    }
  })
})
