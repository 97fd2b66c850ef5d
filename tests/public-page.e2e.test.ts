// The public page of a shared bookmark on a real relay process, opened in real Chromium with
// JavaScript off (as a chat app's preview fetcher or a reader without scripts sees it): an account
// whose plan may share writes its page through REST /sync with the share dialog's own choice
// (applySharingChoice), then the page shows its title, source, highlights in colour, the note the
// owner chose and not the hidden one, and carries its preview metadata; light and dark are axe
// clean, and after unsharing the same link answers the one 404 page.
import {
  Plan,
  applySharingChoice,
  createBookmark,
  createMark,
  publicPageUrl,
  type Bookmark,
  type Mark,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startRelay, type RelayProcess } from './src/relay-process'
import { setStoredPlan } from './src/relay-sqlite'
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

/** Pushes entities through REST /sync as a client does; every one must be stored. */
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

describe('the public page without JavaScript', () => {
  let relay: RelayProcess
  let browser: Browser
  let context: BrowserContext
  /** axe-core runs as a script, which the page's own context does not allow: a second context. */
  let axeContext: BrowserContext

  beforeAll(async () => {
    relay = await startRelay()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    context = await browser.newContext({ javaScriptEnabled: false })
    axeContext = await browser.newContext()
  })

  afterAll(async () => {
    await context?.close()
    await axeContext?.close()
    await browser?.close()
    await relay?.dispose()
  })

  /** Serious and critical axe violations of the page at `url`, light and dark. */
  async function axeViolationsOf(url: string): Promise<string[]> {
    const page = await axeContext.newPage()
    try {
      await page.goto(url)
      return await seriousAxeViolationsLightAndDark(page)
    } finally {
      await page.close()
    }
  }

  it('shows the shared page with its metadata, only the chosen note, and is gone once unshared', async () => {
    const email = 'sharer@example.com'
    const token = await register(relay, email)
    setStoredPlan(relay.dataDir, email, {
      type: Plan.PREMIUM,
      expiresDateMillis: Date.now() + 365 * DAY_MS,
    })
    const url = 'https://example.com/essays/reading'
    const bookmark = createBookmark(
      {
        _id: 'b-shared',
        url,
        title: 'On reading <slowly> & well',
        description: 'An essay about attention',
        tags: ['reading', '<b>attention</b>'],
      },
      TEST_NOW,
    )
    const marks = [
      createMark(
        {
          _id: 'm-1',
          _bookmark: bookmark._id,
          url,
          text: 'Reading is a conversation.',
          color: '#3cbefc',
          notes: 'The note I show',
        },
        TEST_NOW,
      ),
      createMark(
        {
          _id: 'm-2',
          _bookmark: bookmark._id,
          url,
          text: 'Attention is the rarest gift.',
          color: '#fdffb4',
          notes: 'PRIVATE-NOTE-never-public',
        },
        TEST_NOW,
      ),
    ]
    const shared = applySharingChoice(
      bookmark,
      marks,
      { permission: 'PUBLIC', shownMarkIds: ['m-1', 'm-2'], noteShownMarkIds: ['m-1'] },
      TEST_NOW,
    )
    await push(relay, token, [
      asSynced('bookmarks', shared.bookmark),
      ...shared.marks.map((mark) => asSynced('marks', mark)),
    ])
    const shareId = shared.bookmark.shareId!
    const link = publicPageUrl(relay.url, shareId)

    const page = await context.newPage()
    const response = await page.goto(link)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[\w+/=]+'/,
    )
    expect(await page.title()).toBe('On reading <slowly> & well · Inkmark')
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('On reading <slowly> & well')
    expect(await page.getByRole('link', { name: 'example.com' }).getAttribute('href')).toBe(url)
    const quotes = page.locator('blockquote')
    expect(await quotes.allTextContents()).toEqual([
      'Reading is a conversation.',
      'Attention is the rarest gift.',
    ])
    // The highlight's colour reaches the page through the stylesheet (CSP allows its hash only).
    expect(
      await quotes.first().evaluate((quote) => getComputedStyle(quote).borderInlineStartColor),
    ).toBe('rgb(60, 190, 252)')
    const text = (await page.locator('body').textContent()) ?? ''
    expect(text).toContain('The note I show')
    expect(text).not.toContain('PRIVATE-NOTE-never-public')
    expect(text).toContain('<b>attention</b>')
    expect(text).toContain('0 likes')
    expect(text).toContain('2 highlights')
    expect(
      await page.getByRole('link', { name: 'Highlight your own pages with Inkmark' }).count(),
    ).toBe(1)
    const meta = (selector: string) => page.locator(selector).getAttribute('content')
    expect(await meta('meta[property="og:title"]')).toBe('On reading <slowly> & well')
    expect(await meta('meta[property="og:description"]')).toBe('An essay about attention')
    expect(await meta('meta[property="og:type"]')).toBe('article')
    expect(await meta('meta[property="og:url"]')).toBe(link)
    expect(await meta('meta[name="twitter:card"]')).toBe('summary')
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(link)
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
    ) as { hasPart: { text: string }[] }
    expect(jsonLd.hasPart.map((part) => part.text)).toEqual([
      'Reading is a conversation.',
      'Attention is the rarest gift.',
    ])
    expect(await axeViolationsOf(link)).toEqual([])

    // The spec's second address shows the same page.
    const discover = await context.newPage()
    expect((await discover.goto(`${relay.url}/discover/page/${shareId}`))?.status()).toBe(200)
    expect(await discover.title()).toBe('On reading <slowly> & well · Inkmark')
    await discover.close()

    // Unshared: the same link is the 404 page at once (the answer was no-cache).
    const unshared = applySharingChoice(
      shared.bookmark,
      [],
      { permission: 'PRIVATE', shownMarkIds: [], noteShownMarkIds: [] },
      TEST_NOW + 1000,
    )
    await push(relay, token, [asSynced('bookmarks', unshared.bookmark)])
    const gone = await page.goto(link)
    expect(gone?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not shared',
    )
    expect((await page.locator('body').textContent()) ?? '').not.toContain('Reading is')
    expect(await axeViolationsOf(link)).toEqual([])
    await page.close()
  })
})
