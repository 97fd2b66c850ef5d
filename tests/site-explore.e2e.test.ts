// /explore and /discover on the public site against a real relay: an account whose plan may share
// publishes two pages through REST /sync (the share dialog's own choice, applySharingChoice), and
// the prerendered site, once hydrated in Chromium, lists them from the relay: newest first, most
// liked with ?sort=most-liked, tags with their counts, a tag's pages; each title leads to the
// relay's public page through the site server's route rule; strangers' text stays text, their
// images are never loaded, source links carry rel="noopener noreferrer nofollow ugc". With the
// relay gone, the error and Try again; with JavaScript off, the intro and the web app's links.
// axe clean, light and dark.
import {
  Plan,
  applySharingChoice,
  createBookmark,
  createMark,
  type Bookmark,
  type Mark,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { setStoredPlan } from './src/relay-sqlite'
import { APP_PLACEHOLDER_URL, RELAY_PLACEHOLDER_URL, routeToServer } from './src/site-build'
import { startSite, type SiteServer } from './src/site-server'
import { TEST_NOW } from './src/test-clock'

const PASSWORD = 'correct horse battery'
const DAY_MS = 24 * 60 * 60 * 1000

async function register(relay: RelayProcess, email: string): Promise<string> {
  const response = await fetch(`${relay.url}/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

async function push(relay: RelayProcess, token: string, entities: readonly object[]) {
  const response = await fetch(`${relay.url}/sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ entities }),
  })
  const body = (await response.json()) as { rejected: unknown[] }
  expect(response.status).toBe(200)
  expect(body.rejected).toEqual([])
}

const asSynced = (store: 'bookmarks' | 'marks', entity: Bookmark | Mark) => ({
  ...entity,
  _objectStore: store,
})

/** Publishes a page with one highlight; returns its share id. */
async function share(
  relay: RelayProcess,
  token: string,
  fields: { id: string; url: string; title: string; tags: string[]; image?: string; text: string },
  at: number,
): Promise<string> {
  const bookmark = createBookmark(
    {
      _id: fields.id,
      url: fields.url,
      title: fields.title,
      tags: fields.tags,
      ...(fields.image === undefined ? {} : { image: fields.image }),
    },
    at,
  )
  const mark = createMark(
    {
      _id: `${fields.id}-m`,
      _bookmark: bookmark._id,
      url: fields.url,
      text: fields.text,
      color: '#fdffb4',
    },
    at,
  )
  const shared = applySharingChoice(
    bookmark,
    [mark],
    { permission: 'PUBLIC', shownMarkIds: [mark._id], noteShownMarkIds: [] },
    at,
  )
  await push(relay, token, [
    asSynced('bookmarks', shared.bookmark),
    ...shared.marks.map((item) => asSynced('marks', item)),
  ])
  return shared.bookmark.shareId!
}

describe('explore and discover on the site', () => {
  let relay: RelayProcess
  let site: SiteServer
  let browser: Browser
  let context: BrowserContext
  let firstShareId: string
  let secondShareId: string
  /** Requests the pages made to hosts other than the site and the relay (images, trackers). */
  const foreignRequests: string[] = []

  beforeAll(async () => {
    site = await startSite()
    // The build addresses the relay at a placeholder; the context sends those calls to this relay,
    // which answers the site's origin across origins.
    relay = await createRelayProcess({ INKMARK_WEB_ORIGINS: site.url })
    await relay.start()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    context = await browser.newContext()
    await routeToServer(context, RELAY_PLACEHOLDER_URL, relay.url)
    const relayOrigin = new URL(RELAY_PLACEHOLDER_URL).origin
    context.on('request', (request) => {
      const origin = new URL(request.url()).origin
      if (origin !== site.url && origin !== relayOrigin) {
        foreignRequests.push(request.url())
      }
    })

    const email = 'sharer@example.com'
    const token = await register(relay, email)
    setStoredPlan(relay.dataDir, email, {
      type: Plan.PREMIUM,
      expiresDateMillis: Date.now() + 365 * DAY_MS,
    })
    firstShareId = await share(
      relay,
      token,
      {
        id: 'b-older',
        url: 'https://example.com/older',
        title: 'Older <b>page</b>',
        tags: ['reading'],
        image: 'https://images.example/tracker.png',
        text: 'The older highlight.',
      },
      TEST_NOW,
    )
    secondShareId = await share(
      relay,
      token,
      {
        id: 'b-newer',
        url: 'https://example.com/newer',
        title: 'Newer page',
        tags: ['reading', 'memory'],
        text: 'The newer highlight.',
      },
      TEST_NOW + 60_000,
    )
    // One like for the older page, so most-liked puts it first.
    const liker = await register(relay, 'liker@example.com')
    const like = await fetch(`${relay.url}/bookmarks/like/${firstShareId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${liker}` },
    })
    expect(like.status).toBe(200)
  })

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await site?.close()
    await relay?.dispose()
  })

  async function titlesOn(page: Page): Promise<string[]> {
    const list = page.getByRole('list', { name: /shared pages|Pages tagged/ })
    await list.waitFor()
    return list.locator(':scope > li h3').allTextContents()
  }

  it('/discover lists the shared pages newest first, and most liked with ?sort=most-liked', async () => {
    const page = await context.newPage()
    expect((await page.goto(`${site.url}/discover`))?.status()).toBe(200)
    expect(await titlesOn(page)).toEqual(['Newer page', 'Older <b>page</b>'])
    const older = page.getByRole('listitem').filter({ hasText: 'Older <b>page</b>' }).first()
    expect(await older.textContent()).toContain('1 like')
    expect(await older.textContent()).toContain('1 highlight ')
    expect(await older.textContent()).toContain('The older highlight.')
    expect(await page.locator('main b').count()).toBe(0)
    const source = page.getByRole('link', { name: 'example.com' }).first()
    expect(await source.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc')
    expect(await page.locator('main img').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Newer page' }).getAttribute('href')).toBe(
      `/explore/${secondShareId}`,
    )
    expect(await page.getByRole('link', { name: 'Newest' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])

    await page.getByRole('link', { name: 'Most liked' }).click()
    await expect.poll(() => page.url()).toBe(`${site.url}/discover?sort=most-liked`)
    expect(await titlesOn(page)).toEqual(['Older <b>page</b>', 'Newer page'])
    expect(await page.getByRole('link', { name: 'Most liked' }).getAttribute('aria-current')).toBe(
      'page',
    )

    // The title leads to the relay's server-rendered public page.
    await page.getByRole('link', { name: 'Newer page' }).click()
    await expect.poll(() => page.url()).toBe(`${RELAY_PLACEHOLDER_URL}/explore/${secondShareId}`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Newer page')
    expect(foreignRequests).toEqual([])
    await page.close()
  })

  it('/explore lists the tags with their counts and a tag lists its pages', async () => {
    const page = await context.newPage()
    expect((await page.goto(`${site.url}/explore`))?.status()).toBe(200)
    const tags = page.getByRole('list', { name: 'Tags' })
    await tags.waitFor()
    expect(await tags.locator(':scope > li').allTextContents()).toEqual(
      expect.arrayContaining(['reading (2 pages)', 'memory (1 page)']),
    )
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    await page.getByRole('link', { name: 'memory (1 page)' }).click()
    await expect.poll(() => page.url()).toBe(`${site.url}/explore?tag=memory`)
    expect(await titlesOn(page)).toEqual(['Newer page'])
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Explore: memory')
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    expect(foreignRequests).toEqual([])
    await page.close()
  })

  it('says so when the relay cannot be reached, and Try again loads the list', async () => {
    const page = await context.newPage()
    let refuse = true
    await page.route(`${RELAY_PLACEHOLDER_URL}/discover`, (route) =>
      refuse ? route.abort('connectionrefused') : route.fallback(),
    )
    await page.goto(`${site.url}/discover`)
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('Could not reach Inkmark')
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    refuse = false
    await page.getByRole('button', { name: 'Try again' }).click()
    expect(await titlesOn(page)).toEqual(['Newer page', 'Older <b>page</b>'])
    await page.close()
  })

  it('without JavaScript shows the intro and the web app links', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false })
    const page = await noScript.newPage()
    await page.goto(`${site.url}/discover`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Discover')
    expect(
      await page
        .getByRole('link', { name: 'Open Discover in the Inkmark web app' })
        .getAttribute('href'),
    ).toBe(`${APP_PLACEHOLDER_URL}/discover`)
    await page.goto(`${site.url}/explore`)
    expect(
      await page
        .getByRole('link', { name: 'Open Explore in the Inkmark web app' })
        .getAttribute('href'),
    ).toBe(`${APP_PLACEHOLDER_URL}/explore`)
    await noScript.close()
  })
})
