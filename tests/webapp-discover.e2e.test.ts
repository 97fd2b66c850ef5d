// The web app's discover feed, explore and the public page in Chromium against a real relay
// (docs/adr/061-explore-and-discover-in-the-web-app.md). Accounts with a plan that may share
// publish their pages through the relay's REST /sync, as a client's sync would: the feed lists
// PUBLIC pages newest first and, at /discover/most-liked, most liked first after likes from other
// accounts; "Load more" follows nextPage; explore lists tags with counts and a tag's pages; a
// link-only page opens by its link but is never listed; likes are one per account with a toggle;
// Report sends a reason; markup in titles, notes and tags stays text. axe-core checks every screen
// and dialog, light and dark, and the keyboard reaches every control.
import './src/fake-indexeddb-setup'
import { randomUUID } from 'node:crypto'
import {
  Permission,
  UserPlanDuration,
  UserPlanType,
  createBookmark,
  createMark,
  newShareId,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { setStoredPlan } from './src/relay-sqlite'
import { TEST_NOW } from './src/test-clock'
import type { WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const PASSWORD = 'correct horse battery'
const TOKEN_KEY = 'jwt_webmarker'
const YEAR_MILLIS = 365 * 24 * 60 * 60 * 1000
const MINUTE_MILLIS = 60 * 1000
const OPERATOR_TOKEN = `operator-${randomUUID()}`

interface Account {
  email: string
  token: string
}

interface PageSpec {
  title: string
  permission?: Permission
  tags?: string[]
  sharedAt?: number
  highlights?: { text: string; color?: string; note?: string; noteShown?: boolean }[]
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    // Reduced motion: no colour transition is half-way when axe-core reads the colours.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    expect(await seriousAxeViolations(page)).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('web app discover, explore and the public page', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  const contexts: BrowserContext[] = []
  let accountCount = 0

  async function postJson(path: string, body: unknown, token?: string, method = 'POST') {
    return fetch(`${relay.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    })
  }

  /** A new account with a plan that may share, and a token that carries the plan. */
  async function shareAccount(label: string): Promise<Account> {
    const email = `${label}-${Date.now()}-${++accountCount}@example.org`
    const registered = await postJson('/users/register', { email, password: PASSWORD })
    expect(registered.status).toBe(200)
    setStoredPlan(relay.dataDir, email, {
      type: UserPlanType.PREMIUM,
      expiresDateMillis: Date.now() + YEAR_MILLIS,
      userPlanDuration: UserPlanDuration.ONE_YEAR,
    })
    const signedIn = await postJson('/auth', { email, password: PASSWORD })
    expect(signedIn.status).toBe(200)
    return { email, token: ((await signedIn.json()) as { token: string }).token }
  }

  /** Publishes `specs` as `account`'s pages through REST /sync; resolves their share ids. */
  async function publish(account: Account, specs: PageSpec[]): Promise<string[]> {
    const entities: unknown[] = []
    const shareIds: string[] = []
    specs.forEach((spec, index) => {
      const bookmarkId = randomUUID()
      const url = `https://example.com/${bookmarkId}`
      const shareId = newShareId()
      shareIds.push(shareId)
      const permission = spec.permission ?? Permission.PUBLIC
      entities.push(
        createBookmark(
          {
            _id: bookmarkId,
            url,
            title: spec.title,
            tags: spec.tags ?? [],
            permission,
            shareId,
            sharedAt: spec.sharedAt ?? TEST_NOW + index * MINUTE_MILLIS,
          },
          TEST_NOW,
        ),
      )
      for (const highlight of spec.highlights ?? [{ text: `A highlight of ${spec.title}` }]) {
        entities.push(
          createMark(
            {
              _id: randomUUID(),
              _bookmark: bookmarkId,
              url,
              text: highlight.text,
              color: highlight.color ?? '#a7e8c8',
              permission: permission === Permission.PRIVATE ? Permission.PRIVATE : permission,
              ...(highlight.note === undefined ? {} : { notes: highlight.note }),
              isNotePublic: highlight.noteShown === true,
            },
            TEST_NOW,
          ),
        )
      }
    })
    const response = await postJson('/sync', { entities }, account.token)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { rejected: unknown[] }).rejected).toEqual([])
    return shareIds
  }

  async function like(account: Account, shareId: string): Promise<void> {
    const response = await fetch(`${relay.url}/bookmarks/like/${shareId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${account.token}` },
    })
    expect(response.status).toBe(200)
  }

  /** A page of a new browser context, signed in as `account` when given. */
  async function newPage(account?: Account): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    })
    contexts.push(context)
    if (account !== undefined) {
      await context.addInitScript(
        ([key, token]) => {
          if (localStorage.getItem(key) === null) {
            localStorage.setItem(key, token)
          }
        },
        [TOKEN_KEY, account.token] as const,
      )
    }
    return context.newPage()
  }

  /** The titles of the feed's cards, in order. */
  async function cardTitles(page: Page): Promise<string[]> {
    return page.locator('.public-card__title').allTextContents()
  }

  /** `titles` in the order the feed shows them (other pages left out). */
  async function orderOf(page: Page, titles: readonly string[]): Promise<string[]> {
    return (await cardTitles(page)).filter((title) => titles.includes(title))
  }

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay((env) => {
      env.INKMARK_OPERATOR_TOKEN = OPERATOR_TOKEN
      return createRelayProcess(env)
    }))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    for (const context of contexts) {
      await context.close()
    }
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('says the feed is empty and how to share while nobody has shared a page', async () => {
    // Runs first, against the file's fresh relay: nothing is public yet.
    const page = await newPage()
    await page.goto(`${server.url}/discover`)
    await page.getByRole('heading', { name: 'Nobody has shared a public page yet' }).waitFor()
    expect(await page.getByText('set it to Public').count()).toBe(1)
    await expectNoAxeViolations(page)

    await page.goto(`${server.url}/explore`)
    await page.getByRole('heading', { name: 'No tags on public pages yet' }).waitFor()
    await expectNoAxeViolations(page)
  })

  it('lists public pages newest first, most liked first by the path, and loads more', async () => {
    const owner = await shareAccount('owner')
    const stamp = Date.now()
    const older = Array.from({ length: 21 }, (_, index) => ({
      title: `Older ${stamp} ${index}`,
      sharedAt: TEST_NOW - (index + 1) * 60 * MINUTE_MILLIS,
    }))
    const titles = [`First ${stamp}`, `Second ${stamp}`, `Third ${stamp}`]
    const [first, second] = await publish(owner, [
      ...titles.map((title, index) => ({ title, sharedAt: TEST_NOW + index * MINUTE_MILLIS })),
      { title: `Link only ${stamp}`, permission: Permission.PUBLIC_LINK },
      { title: `Private ${stamp}`, permission: Permission.PRIVATE },
      ...older,
    ])
    const likerOne = await shareAccount('liker-one')
    const likerTwo = await shareAccount('liker-two')
    await like(likerOne, first!)
    await like(likerTwo, first!)
    await like(likerOne, second!)

    const page = await newPage()
    await page.goto(`${server.url}/discover`)
    await expect.poll(() => orderOf(page, titles)).toEqual([...titles].reverse())
    expect(await page.getByRole('link', { name: 'Newest' }).getAttribute('aria-current')).toBe(
      'page',
    )
    const firstCard = page.locator('.public-card', { hasText: titles[0]! })
    expect(await firstCard.locator('.public-card__likes').textContent()).toBe('2 likes')
    expect(await firstCard.getByText(`A highlight of ${titles[0]}`).count()).toBe(1)
    await expectNoAxeViolations(page)

    // Load more follows nextPage until the oldest page is listed; the link-only and private pages
    // never are.
    expect(await page.locator('.public-card').count()).toBe(20)
    while ((await page.getByRole('button', { name: 'Load more' }).count()) > 0) {
      const before = await page.locator('.public-card').count()
      await page.getByRole('button', { name: 'Load more' }).click()
      await expect.poll(() => page.locator('.public-card').count()).toBeGreaterThan(before)
    }
    expect(await cardTitles(page)).toContain(`Older ${stamp} 20`)
    expect(await cardTitles(page)).not.toContain(`Link only ${stamp}`)
    expect(await cardTitles(page)).not.toContain(`Private ${stamp}`)

    // The keyboard switches to most liked: the path ends in /most-liked.
    await page.getByRole('link', { name: 'Most liked' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/discover/most-liked')
    await expect
      .poll(async () => (await orderOf(page, titles)).slice(0, 2))
      .toEqual([titles[0], titles[1]])
    expect((await cardTitles(page)).slice(0, 2)).toEqual([titles[0], titles[1]])
    expect(await page.getByRole('link', { name: 'Most liked' }).getAttribute('aria-current')).toBe(
      'page',
    )
    await expectNoAxeViolations(page)

    // The path alone chooses the order.
    await page.goto(`${server.url}/discover/most-liked`)
    await expect.poll(async () => (await cardTitles(page)).slice(0, 1)).toEqual([titles[0]])
  })

  it('opens the discover-feed-info dialog from the info button and closes it with Escape', async () => {
    const page = await newPage()
    await page.goto(`${server.url}/discover`)
    const info = page.getByRole('button', { name: 'About this feed' })
    await info.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'About the discover feed' })
    await dialog.waitFor()
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('discover-feed-info')
    expect(await dialog.getByText('Only pages set to Public appear here').count()).toBe(1)
    expect(await dialog.getByRole('heading', { name: 'Share your own' }).count()).toBe(1)
    expect(await dialog.getByRole('heading', { name: 'Report a page' }).count()).toBe(1)
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('About this feed')
  })

  it('explores tags with counts and lists a tag’s public pages only', async () => {
    const owner = await shareAccount('tagger')
    const tag = `tag${Date.now()}`
    const titles = [`Tagged one ${tag}`, `Tagged two ${tag}`]
    await publish(owner, [
      { title: titles[0]!, tags: [tag] },
      { title: titles[1]!, tags: [tag, 'other'] },
      { title: `Tagged link only ${tag}`, tags: [tag], permission: Permission.PUBLIC_LINK },
    ])

    const page = await newPage()
    await page.goto(`${server.url}/explore`)
    const tagLink = page.getByRole('link', { name: `#${tag} (2 pages)` })
    await tagLink.waitFor()
    await expectNoAxeViolations(page)
    await tagLink.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe(tag)
    await page.getByRole('heading', { level: 1, name: `Public pages tagged #${tag}` }).waitFor()
    await expect.poll(async () => [...(await cardTitles(page))].sort()).toEqual(titles)
    await expectNoAxeViolations(page)

    // A tag nobody uses says so.
    await page.goto(`${server.url}/explore?tag=${tag}-unused`)
    await page.getByRole('heading', { name: `No public pages tagged #${tag}-unused` }).waitFor()
  })

  it('likes and unlikes a page once per account, and asks a signed-out reader to sign in', async () => {
    const owner = await shareAccount('liked-owner')
    const [shareId] = await publish(owner, [
      {
        title: `Likeable ${Date.now()}`,
        tags: ['likes'],
        highlights: [
          { text: 'Shown with its note', note: 'A note the owner shows', noteShown: true },
          { text: 'Shown without its note', color: '#f8b6a8', note: 'A private note' },
        ],
      },
    ])
    const reader = await shareAccount('reader')
    const other = await shareAccount('other-reader')

    // Signed out: the likes and a sign-in prompt instead of the toggle.
    const signedOut = await newPage()
    await signedOut.goto(`${server.url}/discover/page/${shareId}`)
    await signedOut.getByText('Shown with its note').waitFor()
    expect(await signedOut.getByText('A note the owner shows').count()).toBe(1)
    expect(await signedOut.getByText('A private note').count()).toBe(0)
    expect(await signedOut.getByTestId('like-count').textContent()).toBe('0 likes')
    const publicLink = signedOut.getByRole('link', { name: 'Open public link' })
    expect(await publicLink.getAttribute('href')).toBe(`${relay.url}/explore/${shareId}`)
    await expectNoAxeViolations(signedOut)
    await signedOut.getByRole('button', { name: 'Sign in to like' }).click()
    await expect
      .poll(() => new URL(signedOut.url()).searchParams.get('redirectPath'))
      .toBe(`/discover/page/${shareId}`)

    // Signed in: Like is a toggle (aria-pressed), pressed with the keyboard.
    const page = await newPage(reader)
    await page.goto(`${server.url}/discover/page/${shareId}`)
    const toggle = page.getByRole('button', { name: 'Like', exact: true })
    await toggle.waitFor()
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.focus()
    await page.keyboard.press('Space')
    const unlike = page.getByRole('button', { name: 'Unlike', exact: true })
    await expect.poll(() => unlike.getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByTestId('like-count').textContent()).toBe('1 like')
    await expectNoAxeViolations(page)

    // The same account liking again (another device) is still one like; another account adds one.
    await like(reader, shareId!)
    await like(other, shareId!)
    await page.reload()
    await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('2 likes')
    expect(await unlike.getAttribute('aria-pressed')).toBe('true')
    await unlike.click()
    await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1 like')
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
  })

  it('reports a page with a reason from a small dialog', async () => {
    const owner = await shareAccount('reported-owner')
    const [shareId] = await publish(owner, [{ title: `Reported ${Date.now()}` }])
    const page = await newPage()
    await page.goto(`${server.url}/discover/page/${shareId}`)
    await page.getByRole('button', { name: 'Report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report this page' })
    await dialog.waitFor()
    await expectNoAxeViolations(page)
    // Sending without a reason says what is missing; nothing is sent.
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await dialog.getByText('Say why you report this page.').waitFor()
    const reason = `Spam ${randomUUID()}`
    await dialog.getByLabel('Why do you report it?').fill(reason)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await dialog.getByText('Your report was sent').waitFor()
    await expectNoAxeViolations(page)
    const reports = await fetch(`${relay.url}/operator/reports`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    })
    expect(reports.status).toBe(200)
    expect(JSON.stringify(await reports.json())).toContain(reason)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('opens a link-only page by its link and says when a page is not shared', async () => {
    const owner = await shareAccount('link-owner')
    const title = `Only by link ${Date.now()}`
    const [shareId] = await publish(owner, [{ title, permission: Permission.PUBLIC_LINK }])
    const page = await newPage()
    await page.goto(`${server.url}/discover/page/${shareId}`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await page.goto(`${server.url}/discover`)
    await page.locator('.public-card').first().waitFor()
    expect(await cardTitles(page)).not.toContain(title)

    await page.goto(`${server.url}/discover/page/${newShareId()}`)
    await page.getByRole('heading', { level: 1, name: 'This page is not shared' }).waitFor()
    await expectNoAxeViolations(page)
  })

  it('drops a page made private from the feed and its page at once', async () => {
    const owner = await shareAccount('unsharer')
    const title = `Soon private ${Date.now()}`
    const bookmarkId = randomUUID()
    const url = `https://example.com/${bookmarkId}`
    const shareId = newShareId()
    const shared = createBookmark(
      { _id: bookmarkId, url, title, permission: Permission.PUBLIC, shareId, sharedAt: TEST_NOW },
      TEST_NOW,
    )
    const mark = createMark(
      {
        _id: randomUUID(),
        _bookmark: bookmarkId,
        url,
        text: 'Shown',
        permission: Permission.PUBLIC,
      },
      TEST_NOW,
    )
    expect((await postJson('/sync', { entities: [shared, mark] }, owner.token)).status).toBe(200)
    const page = await newPage()
    await page.goto(`${server.url}/discover`)
    await page.getByRole('link', { name: title }).waitFor()

    const unshared = { ...shared, permission: Permission.PRIVATE, updatedAt: TEST_NOW + 1 }
    expect((await postJson('/sync', { entities: [unshared] }, owner.token, 'PUT')).status).toBe(200)
    await page.reload()
    await page.locator('.public-card, .ink-empty-state').first().waitFor()
    expect(await cardTitles(page)).not.toContain(title)
    await page.goto(`${server.url}/discover/page/${shareId}`)
    await page.getByRole('heading', { level: 1, name: 'This page is not shared' }).waitFor()
  })

  it('shows markup in titles, notes and tags as text everywhere', async () => {
    const owner = await shareAccount('markup')
    const title = `<img src=x onerror="window.__xss=1">Markup ${Date.now()}`
    const note = '<script>window.__xss=2</script><b>bold?</b>'
    const tag = `<i>tag${Date.now()}</i>`
    const [shareId] = await publish(owner, [
      {
        title,
        tags: [tag],
        sharedAt: TEST_NOW + 10 * MINUTE_MILLIS,
        highlights: [
          { text: '<a href="javascript:window.__xss=3">click</a>', note, noteShown: true },
        ],
      },
    ])
    const page = await newPage()
    const injected = () =>
      page.evaluate(() => ({
        xss: (window as { __xss?: unknown }).__xss,
        markup: document.querySelectorAll(
          'main img[src="x"], main script, main b, main a[href^="javascript"]',
        ).length,
      }))

    await page.goto(`${server.url}/discover`)
    await page.getByRole('link', { name: title }).waitFor()
    expect(await injected()).toEqual({ xss: undefined, markup: 0 })

    await page.getByRole('link', { name: title }).click()
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    expect(await page.getByText(note).count()).toBe(1)
    expect(await page.getByRole('link', { name: `#${tag}` }).count()).toBe(1)
    expect(await injected()).toEqual({ xss: undefined, markup: 0 })
    expect(new URL(page.url()).pathname).toBe(`/discover/page/${shareId}`)

    await page.goto(`${server.url}/explore`)
    await page.getByRole('link', { name: `#${tag} (1 page)` }).click()
    await page.getByRole('link', { name: title }).waitFor()
    expect(await injected()).toEqual({ xss: undefined, markup: 0 })
  })

  it('says discover needs a connection when the relay cannot be reached', async () => {
    const page = await newPage()
    await page.route(`${relay.url}/discover`, (route) => route.abort('internetdisconnected'))
    await page.goto(`${server.url}/discover`)
    await page.getByRole('alert').getByText('Discover needs a connection').waitFor()
    await expectNoAxeViolations(page)
    await page.unroute(`${relay.url}/discover`)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => page.getByRole('alert').count()).toBe(0)
  })
})
