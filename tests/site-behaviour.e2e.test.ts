// The site's behaviour in the browser over the prerendered build (spec section 4): the footer's
// review carousel (Playwright's clock: it moves every 4 s, in reversed order, only reviews under
// 100 characters, Next and Previous wrap, Pause holds it); token sign-in (`?token=` with an `_id`
// is stored as jwt_webmarker and leaves the address; any other token is left alone); update
// detection (a new builds/latest.json on the server makes the next link click load the page in
// full); the chunk-load reload guard (a page chunk that fails once reloads the page once; failing
// again within 10 s shows the error page, with no reload loop); and a client navigation updating
// the title, the canonical link and the focus.
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { SITE_ORIGIN_PLACEHOLDER } from './src/site-build'
import { linkHrefs, titleOf } from './src/site-html'
import {
  SITE_BUILD_TIMEOUT_MS,
  startSite,
  waitForHydration,
  type SiteServer,
} from './src/site-server'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The carousel's interval (spec section 9). */
const CAROUSEL_MS = 4000

let site: SiteServer
let browser: Browser

beforeAll(async () => {
  // A copy of the build of its own: update detection rewrites its builds/latest.json.
  ;[site, browser] = await Promise.all([
    startSite({ writableCopy: true }),
    chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
  ])
}, SITE_BUILD_TIMEOUT_MS)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

/**
 * The review texts a development build shows, in the content file's order: the operator's
 * (site/content/reviews.json), or the marked samples while that list is empty.
 */
async function contentReviewTexts(): Promise<string[]> {
  const read = async (file: string) =>
    JSON.parse(await readFile(join(repoRoot, 'site/content', file), 'utf8')) as {
      reviewText: string
    }[]
  const operator = await read('reviews.json')
  return (operator.length > 0 ? operator : await read('samples/reviews.json')).map(
    (review) => review.reviewText,
  )
}

/** A JWT (unsigned: the site only decodes it) with `payload`. */
function jwtWith(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`
}

/** Opens `path` and waits until the page hydrated. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(site.url + path)
  await waitForHydration(page)
}

/** Counts the documents `page` loads from now on (full page loads, not client navigations). */
function documentLoads(page: Page): Request[] {
  const loads: Request[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      loads.push(request)
    }
  })
  return loads
}

describe('the footer review carousel', () => {
  let context: BrowserContext
  let page: Page
  /** Every review of the content, and those it shows in order (under 100 characters, reversed). */
  let all: string[]
  let shown: string[]

  beforeAll(async () => {
    all = await contentReviewTexts()
    shown = all.filter((text) => text.length < 100).reverse()
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    await page.clock.install()
    await open(page, '/')
    // The clock stands still: the carousel moves only when the test runs its timers.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500)
  })

  afterAll(async () => {
    await context?.close()
  })

  const carousel = () => page.getByRole('region', { name: 'What people say about Inkmark' })
  const current = () => carousel().locator('blockquote').innerText()
  const quoted = (text: string) => `“${text}”`
  /** Moves the pointer off the carousel and takes focus out of it (either holds it still). */
  const leaveCarousel = async () => {
    await page.mouse.move(0, 0)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  }

  it('has short reviews to rotate, and none longer than 99 characters in its order', () => {
    expect(shown.length).toBeGreaterThan(2)
    expect(all.some((text) => text.length >= 100)).toBe(true)
  })

  it('moves to the next review every 4 s, in reversed order, wrapping to the first', async () => {
    await page.mouse.move(0, 0)
    await expect.poll(current).toBe(quoted(shown[0] ?? ''))
    for (let step = 1; step <= shown.length; step += 1) {
      await page.clock.runFor(CAROUSEL_MS)
      await expect.poll(current).toBe(quoted(shown[step % shown.length] ?? ''))
    }
  })

  it('goes Next and Previous, wrapping at both ends, and holds still when paused', async () => {
    const controls = carousel()
    await controls.getByRole('button', { name: 'Pause' }).click()
    await leaveCarousel()
    const start = await current()
    await page.clock.runFor(CAROUSEL_MS * 3)
    expect(await current()).toBe(start)

    // Back to the first, then Previous wraps to the last and Next wraps to the first.
    while ((await current()) !== quoted(shown[0] ?? '')) {
      await controls.getByRole('button', { name: 'Next' }).click()
    }
    await controls.getByRole('button', { name: 'Previous' }).click()
    await expect.poll(current).toBe(quoted(shown.at(-1) ?? ''))
    await controls.getByRole('button', { name: 'Next' }).click()
    await expect.poll(current).toBe(quoted(shown[0] ?? ''))
    await controls.getByRole('button', { name: 'Next' }).click()
    await expect.poll(current).toBe(quoted(shown[1] ?? ''))
    // axe-core waits on timers of its own: the clock runs while it checks (the carousel is paused).
    await page.clock.resume()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500)

    // Play moves it again (once the pointer and focus have left it).
    await controls.getByRole('button', { name: 'Play' }).click()
    await leaveCarousel()
    await page.clock.runFor(CAROUSEL_MS)
    await expect.poll(current).toBe(quoted(shown[2 % shown.length] ?? ''))
  })
})

describe('token sign-in', () => {
  let context: BrowserContext
  let page: Page

  // A context of its own for each test: nothing one stores can reach the other.
  beforeEach(async () => {
    context = await browser.newContext()
    page = await context.newPage()
  })

  afterEach(async () => {
    await context?.close()
  })

  const storedToken = () => page.evaluate(() => window.localStorage.getItem('jwt_webmarker'))

  it('stores a token with an _id and loads the page again without it', async () => {
    const token = jwtWith({ _id: 'user-42', email: 'reader@example.com', premium: false })
    const loads = documentLoads(page)
    await page.goto(`${site.url}/?ref=mail&token=${token}#pricing`)
    await expect.poll(() => new URL(page.url()).search).toBe('?ref=mail')
    expect(new URL(page.url()).pathname).toBe('/')
    expect(new URL(page.url()).hash).toBe('#pricing')
    await waitForHydration(page)
    expect(await storedToken()).toBe(token)
    // The second load is the address without the token (the token left the history too).
    expect(loads.map((request) => new URL(request.url()).search)).toEqual([
      `?ref=mail&token=${token}`,
      '?ref=mail',
    ])
  })

  it('leaves a token without an _id, or garbage, alone', async () => {
    for (const token of [
      jwtWith({ email: 'reader@example.com' }),
      'garbage',
      jwtWith({ _id: '' }),
    ]) {
      const loads = documentLoads(page)
      await page.goto(`${site.url}/?token=${encodeURIComponent(token)}`)
      await waitForHydration(page)
      // The page is up and stays: a client navigation works, and nothing was stored.
      await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/about')
      expect(await storedToken(), token).toBeNull()
      expect(loads, token).toHaveLength(1)
    }
  })
})

describe('update detection', () => {
  let context: BrowserContext
  let page: Page
  const latestFile = () => join(site.distDir, 'builds/latest.json')

  beforeAll(async () => {
    context = await browser.newContext()
    page = await context.newPage()
    await page.clock.install()
  })

  afterAll(async () => {
    await context?.close()
  })

  it('loads the next page in full once the server has a newer build, and not before', async () => {
    const original = await readFile(latestFile(), 'utf8')
    const build = JSON.parse(original) as { buildId: string; builtAt: string }
    const loads = documentLoads(page)
    await open(page, '/')
    // The first check (a second after start) finds the same build: links stay client navigations.
    const firstCheck = page.waitForResponse((response) =>
      response.url().endsWith('/builds/latest.json'),
    )
    await page.clock.runFor(1500)
    await firstCheck
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about')
    expect(loads).toHaveLength(1)

    // A new build is deployed; the next poll (every 5 minutes) sees it.
    await writeFile(
      latestFile(),
      JSON.stringify({ buildId: `${build.buildId}-next`, builtAt: new Date(0).toISOString() }),
    )
    try {
      const poll = page.waitForResponse((response) =>
        response.url().endsWith('/builds/latest.json'),
      )
      await page.clock.runFor(5 * 60 * 1000)
      await (await poll).finished()
      // A task after the answer's: the page has read it.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
      await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click()
      await expect.poll(() => loads.length).toBe(2)
      expect(new URL(loads[1]?.url() ?? '').pathname).toBe('/faq')
      await expect.poll(() => new URL(page.url()).pathname).toBe('/faq')
    } finally {
      await writeFile(latestFile(), original)
    }
  })
})

describe('the chunk-load reload guard', () => {
  /** The URL path of the home page's own chunk (from the build's manifest). */
  async function homeChunkPath(): Promise<string> {
    const manifest = JSON.parse(
      await readFile(join(site.distDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; src?: string; isDynamicEntry?: boolean }>
    const home = Object.values(manifest).find(
      (chunk) => chunk.isDynamicEntry === true && /(^|\/)HomePage\.tsx$/.test(chunk.src ?? ''),
    )
    if (home === undefined) {
      throw new Error('The manifest names no HomePage chunk')
    }
    return `/${home.file}`
  }

  it('reloads once when a page chunk fails to load, and the page then works', async () => {
    const chunk = await homeChunkPath()
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await open(page, '/no-such-page')
      // The chunk fails for the client navigation (its preload and its import), and loads once
      // the page is loaded again.
      const loads = documentLoads(page)
      let blocked = 0
      await context.route(`${site.url}${chunk}`, async (route) => {
        if (loads.length === 0) {
          blocked += 1
          await route.abort()
        } else {
          await route.continue()
        }
      })
      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click()
      await expect.poll(() => loads.length).toBe(1)
      expect(new URL(loads[0]?.url() ?? '').pathname).toBe('/')
      await waitForHydration(page)
      expect(blocked).toBeGreaterThanOrEqual(1)
      await expect
        .poll(() => page.title())
        .toBe(titleOf(await (await fetch(site.url + '/')).text()))
      expect(await page.getByRole('heading', { name: 'Internal Server Error' }).count()).toBe(0)
      expect(loads).toHaveLength(1)
    } finally {
      await context.close()
    }
  })

  it('shows the error page when the chunk fails again within 10 s, without reloading again', async () => {
    const chunk = await homeChunkPath()
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await open(page, '/no-such-page')
      let blocked = 0
      await context.route(`${site.url}${chunk}`, async (route) => {
        blocked += 1
        await route.abort()
      })
      const loads = documentLoads(page)
      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click()
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: 'Internal Server Error' }).count())
        .toBe(1)
      expect(await page.getByRole('main').innerText()).toContain('500')
      expect(loads).toHaveLength(1)
      expect(blocked).toBeGreaterThanOrEqual(2)
      expect(await seriousAxeViolations(page)).toEqual([])
      // No loop: another click on a link to the same page does not reload it within 10 s. The
      // page says it could not be loaded again (Chromium does not fetch a module that failed in
      // this document again, so the failure is seen in the site's log, not on the network).
      const failures: string[] = []
      page.on('console', (message) => {
        if (
          message.type() === 'error' &&
          message.text().startsWith('The page could not be loaded')
        ) {
          failures.push(message.text())
        }
      })
      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click()
      await expect.poll(() => failures.length).toBeGreaterThanOrEqual(1)
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: 'Internal Server Error' }).count())
        .toBe(1)
      expect(loads).toHaveLength(1)
    } finally {
      await context.close()
    }
  })
})

describe('client navigation', () => {
  it('updates the title and the canonical link, and moves focus to the new page', async () => {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      const loads = documentLoads(page)
      // From the 404 page (every set of pages has it) to the home page and back.
      await open(page, '/no-such-page')
      expect(await page.title()).toContain('Page Not Found')
      const home = await (await fetch(`${site.url}/`)).text()
      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/')
      await expect.poll(() => page.title()).toBe(titleOf(home))
      expect(await page.locator('link[rel=canonical]').count()).toBe(1)
      expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(
        linkHrefs(home, 'canonical')[0],
      )
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.activeElement?.closest('main') === null
              ? 'outside main'
              : document.activeElement?.tagName,
          ),
        )
        .toBe('H1')
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
      expect(loads).toHaveLength(1)

      // Back: the previous page, its title again, still without a page load.
      await page.goBack()
      await expect.poll(() => page.title()).toContain('Page Not Found')
      await expect
        .poll(() => page.getByRole('main').innerText())
        .toContain('Page Not Found: /no-such-page')
      expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(
        `${SITE_ORIGIN_PLACEHOLDER}/no-such-page`,
      )
      expect(loads).toHaveLength(1)
    } finally {
      await context.close()
    }
  })
})
