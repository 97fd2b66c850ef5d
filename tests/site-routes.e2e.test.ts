// Every route of the public site as it ships (the prerendered production build, served by the
// site's own server), as a search engine, a chat app's link preview and a visitor each see it:
// every prerendered path answers 200 with its own title, its canonical link (the site's origin plus
// the path), its share and Twitter metadata and one h1; it reads with JavaScript off; it is axe
// clean (serious and critical) with JavaScript on. Unknown paths and invalid parameters answer the
// 404 page with a 404 status; robots.txt and sitemap.xml list what they should; /explore/{id}
// sends the visitor to the relay's public page; hashed assets may be cached, pages may not.
// The static checks read the HTML over HTTP; the browser opens each route only twice (JavaScript
// off, then on for axe), in one context each, on one page, to keep hundreds of routes quick.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { RELAY_PLACEHOLDER_URL, SITE_ORIGIN_PLACEHOLDER, prerenderedPaths } from './src/site-build'
import { h1Count, linkHrefs, metaContents, startTags, titleOf } from './src/site-html'
import {
  SITE_BUILD_TIMEOUT_MS,
  startSite,
  waitForHydration,
  type SiteServer,
} from './src/site-server'

/** A page as fetched over HTTP. */
interface Fetched {
  status: number
  headers: Headers
  html: string
}

/** axe-core's script, for a context's init script. */
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * A bound for a pass over every route in the browser (about a second a route on a loaded 2-core
 * machine, a fifth of it on a quiet one): a limit, not a measure.
 */
const EVERY_ROUTE_TIMEOUT_MS = 400_000

/** Pages a pass over every route uses at once, in one context (each waits on the server too). */
const PAGES_AT_ONCE = 2

/**
 * Runs `check` on every path, PAGES_AT_ONCE pages of `context` taking the next path as they are
 * free; returns every problem as "path: problem".
 */
async function overPages(
  context: BrowserContext,
  paths: readonly string[],
  check: (page: Page, path: string) => Promise<string[]>,
): Promise<string[]> {
  const queue = [...paths]
  const failures: string[] = []
  await Promise.all(
    Array.from({ length: PAGES_AT_ONCE }, async () => {
      const page = await context.newPage()
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        failures.push(...(await check(page, path)).map((problem) => `${path}: ${problem}`))
      }
      await page.close()
    }),
  )
  return failures.sort()
}

/** How many requests the static checks have in flight at once. */
const FETCHES_AT_ONCE = 8

async function fetchAll(baseUrl: string, paths: readonly string[]): Promise<Map<string, Fetched>> {
  const fetched = new Map<string, Fetched>()
  const queue = [...paths]
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await fetch(baseUrl + path, { redirect: 'manual' })
      fetched.set(path, {
        status: response.status,
        headers: response.headers,
        html: await response.text(),
      })
    }
  }
  await Promise.all(Array.from({ length: FETCHES_AT_ONCE }, worker))
  return fetched
}

/** Every failure of `check` over `paths`, as "path: message", so one run names them all. */
function failuresOver(paths: readonly string[], check: (path: string) => string[]): string[] {
  return paths.flatMap((path) => check(path).map((message) => `${path}: ${message}`))
}

/** The paths of `<loc>` entries in a sitemap, relative to `origin`. */
function sitemapPaths(xml: string, origin: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => {
    const loc = (match[1] ?? '').replaceAll('&amp;', '&')
    return loc.startsWith(origin) ? loc.slice(origin.length) : loc
  })
}

/** The largest max-age of a Cache-Control header, or 0. */
function maxAge(cacheControl: string | null): number {
  const match = /max-age=(\d+)/.exec(cacheControl ?? '')
  return match === null ? 0 : Number(match[1])
}

describe('every route of the site', () => {
  let site: SiteServer
  let browser: Browser
  let paths: readonly string[]
  let pages: Map<string, Fetched>

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([
      startSite(),
      chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
    ])
    paths = await prerenderedPaths(site.distDir)
    pages = await fetchAll(site.url, paths)
  }, SITE_BUILD_TIMEOUT_MS)

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('prerenders the home page among its paths, and no error page as one', () => {
    expect(paths).toContain('/')
    expect(
      paths.filter((path) => path.startsWith('/assets') || path.startsWith('/builds')),
    ).toEqual([])
  })

  it('answers every prerendered path with 200 and a page that is never cached', () => {
    const failures = failuresOver(paths, (path) => {
      const page = pages.get(path)
      const problems: string[] = []
      if (page?.status !== 200) {
        return [`status ${page?.status}`]
      }
      if (!(page.headers.get('content-type') ?? '').startsWith('text/html')) {
        problems.push(`content-type ${page.headers.get('content-type')}`)
      }
      if (
        maxAge(page.headers.get('cache-control')) > 0 ||
        !/no-cache|no-store|must-revalidate/.test(page.headers.get('cache-control') ?? '')
      ) {
        problems.push(`cache-control ${page.headers.get('cache-control')}`)
      }
      return problems
    })
    expect(failures).toEqual([])
  })

  it('gives every route its own title, its canonical link, share and Twitter metadata and one h1', async () => {
    const titles = new Map<string, string>()
    const images = new Set<string>()
    const failures = failuresOver(paths, (path) => {
      const html = pages.get(path)?.html ?? ''
      const problems: string[] = []
      const title = titleOf(html)
      if (title === undefined || title === '') {
        problems.push('no title')
      } else if (titles.has(title)) {
        problems.push(`the title "${title}" of ${titles.get(title)} too`)
      } else {
        titles.set(title, path)
      }
      const canonical = linkHrefs(html, 'canonical')
      if (canonical.length !== 1 || canonical[0] !== SITE_ORIGIN_PLACEHOLDER + path) {
        problems.push(`canonical ${JSON.stringify(canonical)}`)
      }
      const meta = metaContents(html)
      for (const key of [
        'description',
        'robots',
        'og:title',
        'og:description',
        'og:url',
        'og:image',
        'twitter:title',
        'twitter:description',
        'twitter:image',
      ]) {
        if ((meta.get(key) ?? '').trim() === '') {
          problems.push(`no ${key}`)
        }
      }
      if (meta.get('twitter:card') !== 'summary_large_image') {
        problems.push(`twitter:card ${meta.get('twitter:card')}`)
      }
      if (meta.get('og:url') !== SITE_ORIGIN_PLACEHOLDER + path) {
        problems.push(`og:url ${meta.get('og:url')}`)
      }
      const image = meta.get('og:image') ?? ''
      if (!/^https?:\/\//.test(image)) {
        problems.push(`og:image ${image}`)
      } else {
        images.add(image)
      }
      if (h1Count(html) !== 1) {
        problems.push(`${h1Count(html)} h1 elements`)
      }
      if (startTags(html, 'html')[0]?.lang !== 'en') {
        problems.push('no lang="en"')
      }
      return problems
    })
    expect(failures).toEqual([])
    // The share images the site serves itself are there, as the PNGs the metadata says.
    for (const image of images) {
      if (image.startsWith(SITE_ORIGIN_PLACEHOLDER)) {
        const response = await fetch(site.url + image.slice(SITE_ORIGIN_PLACEHOLDER.length))
        expect(response.status, image).toBe(200)
        expect(response.headers.get('content-type'), image).toBe('image/png')
        await response.arrayBuffer()
      }
    }
  })

  it(
    'reads every route with JavaScript off: its h1 and its main text show',
    async () => {
      const context = await browser.newContext({ javaScriptEnabled: false })
      try {
        const failures = await overPages(context, paths, async (page, path) => {
          await page.goto(site.url + path)
          const shown = await page.evaluate(() => {
            const h1 = document.querySelector('h1')
            const main = document.querySelector('main')
            const visible = (element: Element | null) =>
              element instanceof HTMLElement &&
              element.offsetParent !== null &&
              element.getBoundingClientRect().height > 0
            return {
              h1: visible(h1) ? (h1?.textContent ?? '').trim() : '',
              mainText: visible(main) ? (main as HTMLElement).innerText.trim().length : 0,
            }
          })
          return [
            ...(shown.h1 === '' ? ['no visible h1'] : []),
            ...(shown.mainText < 40 ? [`${shown.mainText} characters of main text`] : []),
          ]
        })
        expect(failures).toEqual([])
      } finally {
        await context.close()
      }
    },
    EVERY_ROUTE_TIMEOUT_MS,
  )

  it(
    'is axe clean (serious and critical) on every route with JavaScript on',
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      // axe-core in every document from the start, instead of sent to each page after it loads.
      await context.addInitScript({ content: await axeSource })
      try {
        const failures = await overPages(context, paths, async (page, path) => {
          await openHydrated(page, site.url + path)
          return seriousAxeViolations(page)
        })
        expect(failures).toEqual([])
      } finally {
        await context.close()
      }
    },
    EVERY_ROUTE_TIMEOUT_MS,
  )

  it('answers unknown paths and invalid parameters with the 404 page', async () => {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      for (const path of [
        '/no-such-page',
        '/tutorials/browser/netscape',
        '/pricing/extra/segments',
      ]) {
        const response = await fetch(site.url + path)
        const html = await response.text()
        expect(response.status, path).toBe(404)
        expect(titleOf(html), path).toContain('Page Not Found')
        expect(metaContents(html).get('robots'), path).toContain('noindex')
        // Without JavaScript too: the server names the path in the page's HTML.
        expect(html.replaceAll('<!-- -->', ''), path).toContain(`Page Not Found: ${path}<`)

        const answer = await openHydrated(page, site.url + path)
        expect(answer?.status(), path).toBe(404)
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).innerText())
          .toContain('Page Not Found')
        await expect
          .poll(() => page.locator('main').innerText())
          .toContain(`Page Not Found: ${path}`)
        expect(await seriousAxeViolations(page), path).toEqual([])
      }
    } finally {
      await context.close()
    }
  })

  it('lists the indexable routes in sitemap.xml, which robots.txt names', async () => {
    const robots = await fetch(`${site.url}/robots.txt`)
    expect(robots.status).toBe(200)
    const robotsText = await robots.text()
    expect(robotsText).toMatch(/^User-agent: \*/m)
    expect(robotsText).toContain(`Sitemap: ${SITE_ORIGIN_PLACEHOLDER}/sitemap.xml`)

    const sitemap = await fetch(`${site.url}/sitemap.xml`)
    expect(sitemap.status).toBe(200)
    expect(sitemap.headers.get('content-type')).toMatch(/xml/)
    const listed = sitemapPaths(await sitemap.text(), SITE_ORIGIN_PLACEHOLDER)
    const indexable = paths.filter(
      (path) =>
        !(metaContents(pages.get(path)?.html ?? '').get('robots') ?? '').includes('noindex'),
    )
    expect([...listed].sort()).toEqual([...indexable].sort())
  })

  it('sends /explore/{id} to the relay public page', async () => {
    const response = await fetch(`${site.url}/explore/share-abc123`, { redirect: 'manual' })
    expect([301, 302, 307, 308]).toContain(response.status)
    expect(response.headers.get('location')).toBe(`${RELAY_PLACEHOLDER_URL}/explore/share-abc123`)
  })

  it('lets hashed assets be cached for good, and never the build marker', async () => {
    const home = pages.get('/')?.html ?? ''
    const assets = [
      ...startTags(home, 'script').map((script) => script.src ?? ''),
      ...linkHrefs(home, 'stylesheet'),
      ...linkHrefs(home, 'modulepreload'),
    ].filter((url) => url.startsWith('/assets/'))
    expect(assets.length).toBeGreaterThan(0)
    for (const asset of assets) {
      const response = await fetch(site.url + asset)
      expect(response.status, asset).toBe(200)
      expect(maxAge(response.headers.get('cache-control')), asset).toBeGreaterThanOrEqual(
        31_536_000,
      )
      expect(response.headers.get('cache-control'), asset).toContain('immutable')
      await response.arrayBuffer()
    }
    const latest = await fetch(`${site.url}/builds/latest.json`)
    expect(latest.status).toBe(200)
    expect(maxAge(latest.headers.get('cache-control'))).toBe(0)
    await latest.arrayBuffer()
  })
})

/** Opens `url` and waits until its scripts ran (the page hydrated). */
async function openHydrated(page: Page, url: string) {
  const response = await page.goto(url)
  await waitForHydration(page)
  return response
}
