// `npm run screenshots`: renders Inkmark's main screens into docs/screenshots/*.png for the
// README: the web app's dashboard, a page's detail and the reader, the sidebar on a web page and
// the popup; light and dark; desktop (1280x800) and phone (390x844). It builds and serves its own
// web app (seeded with the sample library of sample-library.ts) and article page, and loads the
// built extension (`npm run build -w extension`) into Debian's Chromium, as the e2e tests do.
// Screens are found by their roles and labels, so the script keeps working as the screens change.
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type Page,
  type Worker,
} from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../bench/chromium'
import { bundleBenchPage } from '../bench/page-bundle'
import { startAppServer } from '../bench/webapp-server'
import { WALDEN, articleHtml, sampleEntities } from './sample-library'

const HERE = dirname(fileURLToPath(import.meta.url))
const REPO_ROOT = resolve(HERE, '../../..')
const OUT_DIR = join(REPO_ROOT, 'docs/screenshots')
const EXTENSION_DIR = join(REPO_ROOT, 'extension/build/chrome-mv3-prod')
const SEED_PATH = '/__screenshots/index.html'

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const
type ViewportName = keyof typeof VIEWPORTS
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]

// Page-side snippets, as source: this workspace compiles without the DOM's types.
const FONTS_READY = 'document.fonts.ready.then(() => undefined)'
const SELECT_PASSAGE = `function (wanted) {
  for (const paragraph of document.querySelectorAll('p')) {
    const node = paragraph.firstChild
    const at = node && node.textContent ? node.textContent.indexOf(wanted) : -1
    if (at >= 0) {
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + wanted.length)
      const selection = getSelection()
      selection.removeAllRanges()
      selection.addRange(range)
      return
    }
  }
  throw new Error('No paragraph has ' + wanted)
}`

const log = (text: string) => console.log(`screenshots: ${text}`)

/** Builds the web app and the seeding page into `outDir`. */
async function buildWebapp(outDir: string): Promise<void> {
  await promisify(execFile)(
    'npm',
    ['run', 'build', '-w', 'webapp', '--', '--outDir', outDir, '--emptyOutDir'],
    { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 },
  )
  await bundleBenchPage(
    {
      root: HERE,
      entry: 'seed-page.ts',
      bundleFile: 'seed.js',
      title: 'Inkmark screenshots helper',
    },
    join(outDir, '__screenshots'),
  )
  // The bundle's index.html loads /seed.js; under /__screenshots/ it must load its own.
  await writeFile(
    join(outDir, SEED_PATH),
    '<!doctype html>\n<meta charset="utf-8">\n<link rel="icon" href="data:,">\n' +
      '<title>Inkmark screenshots helper</title>\n' +
      '<script type="module" src="/__screenshots/seed.js"></script>\n',
  )
}

/** A screenshot into docs/screenshots/{name}.png. */
async function shoot(page: Page, name: string): Promise<void> {
  // Fonts and images settle; caret and animations do not show.
  await page.evaluate(FONTS_READY)
  await page.screenshot({
    path: join(OUT_DIR, `${name}.png`),
    animations: 'disabled',
    caret: 'hide',
  })
  log(`wrote docs/screenshots/${name}.png`)
}

/** Runs `each` for every theme and viewport on `page`. */
async function inEveryLook(
  page: Page,
  each: (theme: Theme, viewport: ViewportName) => Promise<void>,
): Promise<void> {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    await page.setViewportSize(VIEWPORTS[viewport])
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
      await each(theme, viewport)
    }
  }
}

/** The web app's screens: the dashboard, learning (dashboard, a revealed card), a page's detail, the reader. */
async function webappScreens(browser: Browser, appUrl: string): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
  // Offline but for the web app itself, so no screenshot depends on the network.
  await context.route('**/*', (route) =>
    route.request().url().startsWith(appUrl) ? route.continue() : route.abort(),
  )
  const page = await context.newPage()
  await page.goto(appUrl + SEED_PATH)
  await page.waitForFunction(() => 'inkmarkSeed' in globalThis)
  const result = await page.evaluate(
    (entities) =>
      (
        globalThis as unknown as {
          inkmarkSeed: (entities: unknown[]) => Promise<{ rejected: unknown[] }>
        }
      ).inkmarkSeed(entities),
    sampleEntities(Date.now()),
  )
  if (result.rejected.length > 0) {
    throw new Error(`The sample library was refused: ${JSON.stringify(result.rejected)}`)
  }

  await page.goto(appUrl + '/')
  await inEveryLook(page, async (theme, viewport) => {
    await page.getByText(WALDEN.title).first().waitFor()
    await shoot(page, `dashboard-${theme}-${viewport}`)
  })

  await page.goto(`${appUrl}/page/${WALDEN.id}`)
  await inEveryLook(page, async (theme, viewport) => {
    await page.getByText(WALDEN.highlights[0]!.text).first().waitFor()
    await shoot(page, `page-detail-${theme}-${viewport}`)
  })

  await page.goto(`${appUrl}/learning`)
  await inEveryLook(page, async (theme, viewport) => {
    await page.getByRole('heading', { name: 'Learning', level: 1 }).waitFor()
    await page.getByText('Learned today', { exact: false }).first().waitFor()
    await shoot(page, `learning-dashboard-${theme}-${viewport}`)
  })

  await page.goto(`${appUrl}/learning?view=session`)
  await page.getByText('Card 1 of', { exact: false }).first().waitFor()
  await page.keyboard.press('Space')
  await inEveryLook(page, async (theme, viewport) => {
    await page.getByRole('button', { name: /I know/ }).waitFor()
    await shoot(page, `learning-session-${theme}-${viewport}`)
  })

  const params = new URLSearchParams({ url: WALDEN.url, pageContent: `${WALDEN.id}-content` })
  await page.goto(`${appUrl}/reader?${params.toString()}`)
  await inEveryLook(page, async (theme, viewport) => {
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.getByText('Time is but the stream', { exact: false }).first().waitFor()
    await shoot(page, `reader-${theme}-${viewport}`)
  })
  await context.close()
}

/** Selects `text` in the page (exact characters) and ends the gesture with a trusted key. */
async function selectPassage(page: Page, text: string): Promise<void> {
  await page.evaluate(`(${SELECT_PASSAGE})(${JSON.stringify(text)})`)
  await page.keyboard.press('Shift')
}

/** Presses an extension shortcut the way a person's key travels (see tests/src/shortcuts.ts). */
async function pressAlt(page: Page, letter: string): Promise<void> {
  await page.bringToFront()
  const key = {
    modifiers: 1,
    key: letter.toLowerCase(),
    code: `Key${letter}`,
    windowsVirtualKeyCode: letter.charCodeAt(0),
    nativeVirtualKeyCode: letter.charCodeAt(0),
  }
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key })
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key })
  } finally {
    await cdp.detach()
  }
}

/** The frame at `path` among the page's frames (the sidebar's address changes every session). */
async function frameAt(page: Page, path: string): Promise<Frame> {
  for (let tries = 0; tries < 300; tries++) {
    const frame = page.frames().find((candidate) => {
      try {
        return new URL(candidate.url()).pathname === path
      } catch {
        return false
      }
    })
    if (frame) {
      return frame
    }
    await page.waitForTimeout(50)
  }
  throw new Error(`No frame at ${path}`)
}

/** Opens the popup page in a tab of the window where `page` is the active tab. */
async function openPopupFor(
  context: BrowserContext,
  worker: Worker,
  extensionId: string,
  page: Page,
): Promise<Page> {
  const popupUrl = `chrome-extension://${extensionId}/popup.html`
  const opened = context.waitForEvent('page', (candidate) => candidate.url() === popupUrl)
  await worker.evaluate(
    async ([pageUrl, target]) => {
      const tabs = (
        globalThis as unknown as {
          chrome: {
            tabs: {
              query(filter: object): Promise<{ id?: number; url?: string; windowId?: number }[]>
              update(id: number, change: object): Promise<unknown>
              create(options: object): Promise<unknown>
            }
          }
        }
      ).chrome.tabs
      const tab = (await tabs.query({})).filter((candidate) => candidate.url === pageUrl).at(-1)
      await tabs.update(tab!.id!, { active: true })
      await tabs.create({ url: target, windowId: tab!.windowId, active: false })
    },
    [page.url(), popupUrl] as const,
  )
  const popup = await opened
  await popup.waitForLoadState()
  return popup
}

/** The extension's screens: the sidebar on a highlighted page, and the popup. */
async function extensionScreens(): Promise<void> {
  await stat(join(EXTENSION_DIR, 'manifest.json')).catch(() => {
    throw new Error(`No extension build at ${EXTENSION_DIR}: run 'npm run build -w extension'`)
  })
  // The article as a plain web page (no isolation headers, which would keep extension frames out).
  const html = articleHtml(WALDEN)
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const site = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
  const profile = await mkdtemp(join(tmpdir(), 'inkmark-screenshots-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: VIEWPORTS.desktop,
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
    ],
  })
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
    const extensionId = new URL(worker.url()).host
    const page = await context.newPage()
    await page.goto(`${site.url}/walden.html`)
    await page.waitForSelector('html[data-inkmark-extension]')
    for (const highlight of WALDEN.highlights) {
      const before = await page.locator('.inkmark-highlight[markid]').count()
      await selectPassage(page, highlight.text)
      await pressAlt(page, 'S')
      await page.waitForFunction(
        `document.querySelectorAll('.inkmark-highlight[markid]').length > ${before}`,
      )
      await page.evaluate('getSelection()?.removeAllRanges()')
    }
    // A new highlight may open its toolbox; a click elsewhere on the page closes it.
    await page.mouse.click(4, 4)

    const popup = await openPopupFor(context, worker, extensionId, page)
    await popup.setViewportSize({ width: 360, height: 600 })
    for (const theme of THEMES) {
      await popup.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
      await popup.getByRole('list', { name: 'Highlights on this page' }).waitFor()
      await popup.getByRole('heading', { name: 'Keyboard shortcuts' }).waitFor()
      await popup.evaluate(FONTS_READY)
      await popup.screenshot({
        path: join(OUT_DIR, `popup-${theme}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      })
      log(`wrote docs/screenshots/popup-${theme}.png`)
    }
    await popup.close()

    // The sidebar, opened as the popup's "Open sidebar" does (no keyboard focus involved).
    await worker.evaluate(async (pageUrl) => {
      const tabs = (
        globalThis as unknown as {
          chrome: {
            tabs: {
              query(filter: object): Promise<{ id?: number; url?: string }[]>
              sendMessage(id: number, message: object): Promise<unknown>
            }
          }
        }
      ).chrome.tabs
      const tab = (await tabs.query({})).filter((candidate) => candidate.url === pageUrl).at(-1)
      await tabs.sendMessage(tab!.id!, { channel: 'inkmark:open-sidebar' })
    }, page.url())
    const sidebar = await frameAt(page, '/tabs/sidebar.html')
    await sidebar.getByRole('list').first().waitFor()
    await page.bringToFront()
    await inEveryLook(page, async (theme, viewport) => {
      await sidebar.getByText(WALDEN.highlights[0]!.text).first().waitFor()
      await shoot(page, `sidebar-${theme}-${viewport}`)
    })
  } finally {
    await context.close()
    await new Promise((done) => server.close(done))
    await rm(profile, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true })
  const only = process.argv[2]
  if (only !== 'extension') {
    const buildDir = await mkdtemp(join(tmpdir(), 'inkmark-screenshots-webapp-'))
    log('building the web app')
    await buildWebapp(buildDir)
    const server = await startAppServer(buildDir)
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    try {
      log('rendering the web app')
      await webappScreens(browser, server.url)
    } finally {
      await browser.close()
      await server.close()
      await rm(buildDir, { recursive: true, force: true })
    }
  }
  if (only !== 'webapp') {
    log('rendering the extension')
    await extensionScreens()
  }
}

main().catch((error: unknown) => {
  console.error(`screenshots: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
