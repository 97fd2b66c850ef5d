// Sharing from the web app in Chromium against a real relay (ADR 057, 060): a Premium account
// shares a page from its page detail with one note shown and one hidden, and the relay's public
// answer has the highlights and the shown note, never the hidden one; a reset link answers and the
// old one is gone; the link is copied with the spec's toast and opens the relay's public page;
// /sharing lists the page; stopping sharing gives 404 at once. A Free account gets the
// upgrade-needed dialog, a signed-out one the sign-in offer; an account whose plan lapsed can still
// stop sharing; the dialog works from the keyboard alone, and offline it still stops sharing (on
// this device, then on the relay once synced). axe-core checks the dialog and /sharing, light and
// dark.
import './src/fake-indexeddb-setup'
import {
  PLAN_DISPLAY_NAMES,
  Plan,
  UserPlanDuration,
  UserPlanType,
  createBookmark,
  createMark,
  type PublicPage,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { setStoredPlan } from './src/relay-sqlite'
import { TEST_NOW } from './src/test-clock'
import { SEED_PAGE_PATH, answeredPrompts, type WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const PASSWORD = 'correct horse battery'
const DAY_MILLIS = 24 * 60 * 60 * 1000
const SHOWN_NOTE = 'A note the owner chose to show'
const HIDDEN_NOTE = 'A private thought that must never leak'

/** A page with three highlights, two of them with notes. */
function pageEntities(id: string) {
  const url = `https://example.org/articles/${id}`
  return [
    createBookmark({ _id: id, url, title: `Shared article ${id}` }, TEST_NOW),
    createMark(
      { _id: `${id}-m1`, _bookmark: id, url, text: 'First highlight', notes: SHOWN_NOTE },
      TEST_NOW,
    ),
    createMark(
      { _id: `${id}-m2`, _bookmark: id, url, text: 'Second highlight', notes: HIDDEN_NOTE },
      TEST_NOW + 1,
    ),
    createMark({ _id: `${id}-m3`, _bookmark: id, url, text: 'Third highlight' }, TEST_NOW + 2),
  ]
}

async function expectAccessible(page: Page): Promise<void> {
  // Reduced motion: no transition is half-way when axe-core reads the colours.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
}

describe('sharing in the web app', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  const contexts: BrowserContext[] = []

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    contexts.push(context)
    return context.newPage()
  }

  async function seed(page: Page, entities: unknown[]): Promise<void> {
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await page.evaluate((list) => window.inkmarkSeed!(list), entities)
    expect(result.rejected).toEqual([])
  }

  /** Signs up `email` in `page`, gives it `plan` on the relay and reads the account again. */
  async function signUpWithPlan(page: Page, email: string, plan: Plan): Promise<void> {
    await page.goto(`${server.url}/auth?tab=sign-up`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up', exact: true }).click()
    await expect
      .poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state'), {
        timeout: 20_000,
      })
      .toBe('UP_TO_DATE')
    await setPlan(page, email, plan)
  }

  /** Gives `email` `plan` on the relay (an expired trial for Free) and reads the account again. */
  async function setPlan(page: Page, email: string, plan: Plan): Promise<void> {
    setStoredPlan(
      relay.dataDir,
      email,
      plan === Plan.PREMIUM
        ? {
            type: UserPlanType.PREMIUM,
            expiresDateMillis: Date.now() + 30 * DAY_MILLIS,
            userPlanDuration: UserPlanDuration.ONE_MONTH,
          }
        : {
            type: UserPlanType.FREE_TRIAL,
            expiresDateMillis: Date.now() - 60_000,
            userPlanDuration: UserPlanDuration.ONE_YEAR,
          },
    )
    // Opening the Account view reads the account again: the token carries the new plan.
    await page.getByRole('link', { name: 'Account', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('plan-name').textContent())
      .toBe(`Plan: ${PLAN_DISPLAY_NAMES[plan]}`)
  }

  async function publicAnswer(shareId: string): Promise<Response> {
    return fetch(`${relay.url}/explore/bookmarks/${shareId}`, { cache: 'no-store' })
  }

  /** The share id in the dialog's link (live or not yet). */
  async function shownShareId(page: Page): Promise<string> {
    const link = await page
      .getByRole('dialog')
      .locator('.share-link [data-share-link]')
      .getAttribute('data-share-link')
    const shareId = /\/explore\/([A-Za-z0-9_-]{22})$/.exec(link ?? '')?.[1]
    expect(shareId).toBeDefined()
    return shareId!
  }

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay(createRelayProcess))
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

  it('shares a page with one note hidden, copies its link, lists it, and stops sharing', async () => {
    const page = await newPage()
    const id = `share-${Date.now()}`
    await seed(page, [answeredPrompts, ...pageEntities(id)])
    await signUpWithPlan(page, `${id}@example.org`, Plan.PREMIUM)

    await page.goto(`${server.url}/page/${id}`)
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('radio', { name: /^Public/ }).waitFor()
    expect(await dialog.getByRole('radio', { name: /^Private/ }).isChecked()).toBe(true)
    await dialog.locator('.share-visibility__option', { hasText: 'Public' }).last().click()
    await expect.poll(() => dialog.getByRole('radio', { name: /^Public/ }).isChecked()).toBe(true)
    // Highlights are shown and notes hidden by default; the owner shows the first note only.
    expect(
      await dialog.getByRole('checkbox', { name: 'Show highlight: Second highlight' }).isChecked(),
    ).toBe(true)
    expect(
      await dialog.getByRole('checkbox', { name: 'Show note of: Second highlight' }).isChecked(),
    ).toBe(false)
    await dialog.locator('.share-checkbox', { hasText: 'Show note' }).first().click()
    await expect
      .poll(() => dialog.getByTestId('share-preview').textContent())
      .toBe('3 of 3 highlights and 1 note will be public.')
    await expectAccessible(page)

    await dialog.getByRole('button', { name: 'Share', exact: true }).click()
    await expect
      .poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Published: the page is live at its link.')
    const oldShareId = await shownShareId(page)
    const answer = await publicAnswer(oldShareId)
    expect(answer.status).toBe(200)
    const text = await answer.text()
    const published = JSON.parse(text) as PublicPage
    expect(published.permission).toBe('PUBLIC')
    expect(published.marks.map((mark) => mark.text)).toEqual([
      'First highlight',
      'Second highlight',
      'Third highlight',
    ])
    expect(published.marks.map((mark) => mark.note)).toEqual([SHOWN_NOTE, undefined, undefined])
    expect(text).not.toContain(HIDDEN_NOTE)
    expect(text).not.toContain(`${id}-m2`)

    // Reset link: a new share id answers, the old link is gone.
    await dialog.getByRole('button', { name: 'Reset link' }).click()
    await expect.poll(() => shownShareId(page), { timeout: 20_000 }).not.toBe(oldShareId)
    await expect
      .poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Published: the page is live at its link.')
    const shareId = await shownShareId(page)
    expect((await publicAnswer(oldShareId)).status).toBe(404)
    expect((await publicAnswer(shareId)).status).toBe(200)

    // Copy link: the spec's toast, and the link on the clipboard.
    await dialog.getByRole('button', { name: 'Copy link' }).click()
    await page.getByText('Copied to clipboard 📄').waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(`${relay.url}/explore/${shareId}`)
    expect(await dialog.locator('.share-link').getAttribute('data-link-state')).toBe('live')
    // The copied link opens the relay's server-rendered public page, with the page's title.
    const publicTab = await page.context().newPage()
    await publicTab.goto(copied)
    await publicTab.getByRole('heading', { level: 1, name: `Shared article ${id}` }).waitFor()
    await publicTab.close()
    await page.bringToFront()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(await page.locator('.page-meta').textContent()).toContain('Public')

    // /sharing lists it, with the relay's likes.
    await page.getByRole('link', { name: 'Sharing', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Sharing' }).waitFor()
    const item = page.locator('.sharing-item', { hasText: `Shared article ${id}` })
    await expect.poll(() => item.getByTestId('sharing-visibility').textContent()).toBe('Public')
    await expect.poll(() => item.textContent()).toContain('0 likes')
    expect(await item.getByRole('link', { name: `${relay.url}/explore/${shareId}` }).count()).toBe(
      1,
    )
    await expectAccessible(page)

    // Stop sharing from Manage: the relay answers 404 at once.
    await item.getByRole('button', { name: `Manage sharing: Shared article ${id}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Stop sharing' }).click()
    await expect
      .poll(() => page.getByRole('dialog').getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Stopped sharing: the page is no longer public.')
    expect((await publicAnswer(shareId)).status).toBe(404)
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'You are not sharing any pages' }).waitFor()
    await expectAccessible(page)
  })

  it('shares with the keyboard alone, and says when it is offline', async () => {
    const page = await newPage()
    const id = `keys-${Date.now()}`
    await seed(page, [answeredPrompts, ...pageEntities(id)])
    await signUpWithPlan(page, `${id}@example.org`, Plan.PREMIUM)
    await page.goto(`${server.url}/page/${id}`)
    const share = page.getByRole('button', { name: 'Share', exact: true })
    await share.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('radio', { name: /^Private/ }).waitFor()

    // Tab reaches the radio group; arrows choose "Anyone with the link".
    await expect
      .poll(async () => {
        await page.keyboard.press('Tab')
        return page.evaluate(() => document.activeElement?.getAttribute('type'))
      })
      .toBe('radio')
    await page.keyboard.press('ArrowDown')
    await expect
      .poll(() => dialog.getByRole('radio', { name: /^Anyone with the link/ }).isChecked())
      .toBe(true)
    // Tab to the first highlight's "Show" and Space hides it.
    await page.keyboard.press('Tab')
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    ).toBe('Show highlight: First highlight')
    await page.keyboard.press('Space')
    await expect
      .poll(() => dialog.getByTestId('share-preview').textContent())
      .toBe('2 of 3 highlights and 0 notes will be visible to anyone with the link.')
    // Then on to the Share button, and Enter.
    await expect
      .poll(async () => {
        await page.keyboard.press('Tab')
        return page.evaluate(() => document.activeElement?.textContent ?? '')
      })
      .toBe('Share')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Published: the page is live at its link.')
    const published = (await (await publicAnswer(await shownShareId(page))).json()) as PublicPage
    expect(published.permission).toBe('PUBLIC_LINK')
    expect(published.marks.map((mark) => mark.text)).toEqual([
      'Second highlight',
      'Third highlight',
    ])

    // Escape closes the dialog and focus goes back to Share.
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Share')

    // Offline, the dialog says so: no change to what is shared, but Stop sharing still works on
    // this device, and the relay drops the page once the change syncs.
    const shareId = await (async () => {
      await page.context().setOffline(true)
      await page.keyboard.press('Enter')
      return shownShareId(page)
    })()
    const offline = page.getByRole('dialog')
    await expect.poll(() => offline.textContent()).toContain('You are offline.')
    expect(await offline.locator('.share-link').getAttribute('data-link-state')).toBe('pending')
    expect(await offline.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true)
    expect(await offline.getByRole('button', { name: 'Reset link' }).isDisabled()).toBe(true)
    await expectAccessible(page)
    await offline.getByRole('button', { name: 'Stop sharing' }).click()
    await expect
      .poll(() => offline.getByRole('status').textContent(), { timeout: 20_000 })
      .toContain('the public page will be gone once your changes sync')
    expect((await publicAnswer(shareId)).status).toBe(200)
    await page.context().setOffline(false)
    await expect
      .poll(async () => (await publicAnswer(shareId)).status, { timeout: 30_000 })
      .toBe(404)
  })

  it('lets an account whose plan lapsed stop sharing, with no upgrade in the way', async () => {
    const page = await newPage()
    const id = `lapsed-${Date.now()}`
    const email = `${id}@example.org`
    await seed(page, [answeredPrompts, ...pageEntities(id)])
    await signUpWithPlan(page, email, Plan.PREMIUM)
    await page.goto(`${server.url}/page/${id}`)
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('.share-visibility__option', { hasText: 'Anyone with the link' }).click()
    await dialog.getByRole('button', { name: 'Share', exact: true }).click()
    await expect
      .poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Published: the page is live at its link.')
    const shareId = await shownShareId(page)
    await page.keyboard.press('Escape')

    await setPlan(page, email, Plan.FREE)
    await page.getByRole('link', { name: 'Sharing', exact: true }).click()
    const item = page.locator('.sharing-item', { hasText: `Shared article ${id}` })
    await item.getByRole('button', { name: `Manage sharing: Shared article ${id}` }).click()
    const manage = page.getByRole('dialog')
    await expect
      .poll(() => manage.textContent())
      .toContain('Your plan does not include sharing: this page is not public now.')
    expect(await page.getByRole('dialog', { name: 'Sharing needs Premium' }).count()).toBe(0)
    expect(await manage.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true)
    await expectAccessible(page)
    await manage.getByRole('button', { name: 'Stop sharing' }).click()
    await expect
      .poll(() => manage.getByRole('status').textContent(), { timeout: 20_000 })
      .toMatch(/^Stopped sharing/)
    expect((await publicAnswer(shareId)).status).toBe(404)
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'You are not sharing any pages' }).waitFor()
  })

  it('offers the upgrade on a plan without sharing, and sign-in when signed out', async () => {
    const page = await newPage()
    const id = `free-${Date.now()}`
    await seed(page, [answeredPrompts, ...pageEntities(id)])
    await page.goto(`${server.url}/page/${id}`)
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const signedOut = page.getByRole('dialog')
    await expect
      .poll(() => signedOut.textContent())
      .toContain('sign in (or create a free account) to share it')
    await expectAccessible(page)
    await signedOut.getByRole('button', { name: 'Close' }).click()

    await signUpWithPlan(page, `${id}@example.org`, Plan.FREE)
    await page.goto(`${server.url}/page/${id}`)
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const upgrade = page.getByRole('dialog', { name: 'Sharing needs Premium' })
    await upgrade.getByRole('button', { name: 'See plans' }).waitFor()
    await upgrade.getByRole('button', { name: 'Not now' }).click()
    expect(await page.locator('.page-meta').textContent()).toContain('Private')
  })
})
