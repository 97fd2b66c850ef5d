// Sharing from the extension (issue 17, ADR 062), end to end: the built extension in real Chromium,
// signed in at a real relay on loopback, highlights a loopback page and shares it PUBLIC from the
// popup; the public page answers at the relay (its HTML read in a context without JavaScript), a
// second account likes it, it is in the discover feed by newest and most-liked, and once sharing
// stops it is gone from all of them. The share control is checked with axe in light and dark.
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchWithExtension } from './src/extension-browser'
import type { ExtensionBrowser } from './src/extension-browser'
import {
  FIRST,
  SECOND,
  article,
  highlighterReady,
  paintedHighlights,
  selectText,
  sessionCall,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { axeViolationsIn, openPopupFor, sidebarDocument } from './src/extension-sidebar'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { setStoredPlan } from './src/relay-sqlite'
import { pressShortcut } from './src/shortcuts'
import { registerAccount } from './src/sync-device'

const PASSWORD = 'correct horse battery'
const PRIVATE_NOTE = 'My private thought <b>never public</b>'

interface PublicPage {
  shareId: string
  permission: string
  title: string
  likes: number
  marks: { text: string; note?: string }[]
}
interface DiscoverResponse {
  items: { shareId: string; likes: number }[]
}

describe('sharing a page from the extension', () => {
  let relay: RelayProcess
  let browser: ExtensionBrowser
  let plainBrowser: Browser
  let site: WrittenSite
  let likerToken: string
  const email = `sharer-${Date.now()}@example.com`

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
    await registerAccount(relay.url, email, PASSWORD)
    likerToken = await registerAccount(relay.url, `liker-${Date.now()}@example.com`, PASSWORD)
    site = await writtenSite()
    await site.write('shared.html', article([FIRST, SECOND]))
    browser = await launchWithExtension()
    plainBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_FLAGS,
    })
  })

  afterAll(async () => {
    await plainBrowser?.close()
    await browser?.close()
    await site?.close()
    await relay?.dispose()
  })

  const discover = async (type: 'newest' | 'most-liked') => {
    const response = await fetch(`${relay.url}/discover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type }),
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as DiscoverResponse).items
  }
  const publicRead = (shareId: string) => fetch(`${relay.url}/explore/bookmarks/${shareId}`)

  /** The public page's HTML in a context that runs no JavaScript (as a chat app's preview). */
  const withoutJavaScript = async (check: (page: Page) => Promise<void>) => {
    const context = await plainBrowser.newContext({ javaScriptEnabled: false })
    try {
      await check(await context.newPage())
    } finally {
      await context.close()
    }
  }

  it('shares PUBLIC from the popup, is liked, listed, and gone once sharing stops', async () => {
    await sessionCall(browser, 'signIn', relay.url, email, PASSWORD)
    await expect
      .poll(async () => (await sessionCall<{ state: string }>(browser, 'getStatus')).state)
      .toBe('UP_TO_DATE')

    // Two highlights on a loopback page; the second gets a note that must never be public.
    const page = await browser.context.newPage()
    await page.goto(site.url('shared.html'))
    await highlighterReady(page)
    const firstText = await selectText(page, '#p1', 0, 40)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    const secondText = await selectText(page, '#p2', 0, 30)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(2)
    const marks = await storeCall<{ _id: string; text: string }[]>(browser, 'getAllMarks')
    const second = marks.find((mark) => mark.text === secondText)!
    await storeCall(browser, 'createOrUpdateEntities', [
      { ...second, _objectStore: 'marks', notes: PRIVATE_NOTE },
    ])

    // The popup's share control: Public, with both highlights shown and the note hidden.
    const popup = await openPopupFor(browser, page)
    await popup.getByRole('heading', { name: 'Share this page' }).waitFor()
    await popup.getByRole('radio', { name: /^Public/ }).check()
    await expect
      .poll(() => popup.getByRole('checkbox', { name: /Show note/ }).isChecked())
      .toBe(false)
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])
    await popup.getByRole('button', { name: 'Share page' }).click()
    await expect
      .poll(() => popup.getByTestId('share-status').textContent(), { timeout: 20_000 })
      .toBe('This page is public.')
    const link = await popup.getByRole('textbox', { name: 'Link to the shared page' }).inputValue()
    expect(link).toMatch(new RegExp(`^${relay.url}/explore/[A-Za-z0-9_-]{22}$`))
    const shareId = link.split('/').at(-1)!
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])

    // Copy link, as a person would with the popup in front.
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await popup.bringToFront()
    await popup.getByRole('button', { name: 'Copy link' }).click()
    await popup.getByText('Copied to clipboard 📄').waitFor()
    expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(link)
    // The page is the active tab again, as when the toolbar popup opens on it (a real popup closes
    // when it loses focus; this tab stays, so it is opened again on the page).
    await page.bringToFront()
    await popup.reload()

    // The relay's public read: the highlights, never the note.
    const answer = await publicRead(shareId)
    expect(answer.status).toBe(200)
    const published = (await answer.json()) as PublicPage
    expect(published).toMatchObject({ shareId, permission: 'PUBLIC', likes: 0 })
    expect(published.marks.map((mark) => mark.text).sort()).toEqual([firstText, secondText].sort())
    expect(JSON.stringify(published)).not.toContain('private thought')

    // The public page's HTML without JavaScript: title, highlights, no note.
    await withoutJavaScript(async (reader) => {
      const response = await reader.goto(link)
      expect(response?.status()).toBe(200)
      expect(await reader.title()).toContain('Reading list')
      await reader.getByText(firstText).first().waitFor()
      expect(await reader.content()).not.toContain('private thought')
    })

    // A second account likes it (once, however often it asks).
    for (let attempt = 0; attempt < 2; attempt++) {
      const like = await fetch(`${relay.url}/bookmarks/like/${shareId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${likerToken}` },
      })
      expect(like.status).toBe(200)
      expect(await like.json()).toEqual({ likes: 1, likedByMe: true })
    }

    // In the discover feed by newest and by most-liked, with its like.
    for (const type of ['newest', 'most-liked'] as const) {
      const items = await discover(type)
      expect(items.find((item) => item.shareId === shareId)).toMatchObject({ likes: 1 })
    }

    // Stop sharing: gone from the public read, its HTML and the feeds at once.
    await popup.getByRole('button', { name: 'Stop sharing' }).click()
    await expect
      .poll(() => popup.getByTestId('share-status').textContent(), { timeout: 20_000 })
      .toBe('Sharing stopped. The link no longer works.')
    expect((await publicRead(shareId)).status).toBe(404)
    await withoutJavaScript(async (reader) => {
      const response = await reader.goto(link)
      expect(response?.status()).toBe(404)
      expect(await reader.content()).not.toContain(firstText)
    })
    for (const type of ['newest', 'most-liked'] as const) {
      expect((await discover(type)).map((item) => item.shareId)).not.toContain(shareId)
    }
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])
    await popup.close()
    await page.close()
  })

  it('offers plans to an account that may not share, and sign-in when signed out', async () => {
    // An account whose trial has ended (plan FREE: no sharing).
    const freeEmail = `free-${Date.now()}@example.com`
    await registerAccount(relay.url, freeEmail, PASSWORD)
    setStoredPlan(relay.dataDir, freeEmail, {
      type: 'FREE_TRIAL',
      expiresDateMillis: Date.now() - 60_000,
      userPlanDuration: '1Y',
    })
    await sessionCall(browser, 'signIn', relay.url, freeEmail, PASSWORD)
    const page = await browser.context.newPage()
    await page.goto(site.url('shared.html'))
    await highlighterReady(page)
    await selectText(page, '#p1', 0, 20)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBeGreaterThan(0)

    // The sidebar's page view: Share this page opens the upgrade-needed notice.
    await pressShortcut(page, 'Alt+W')
    const sidebar = await sidebarDocument(page)
    await sidebar.getByRole('button', { name: 'Share this page' }).click()
    const sidebarNotice = sidebar.getByTestId('share-upgrade-needed')
    await sidebarNotice.getByRole('button', { name: 'See plans' }).waitFor()
    expect(await sidebarNotice.textContent()).toContain('Sharing pages is part of Premium')
    expect(await axeViolationsIn(sidebar)).toEqual([])
    await pressShortcut(page, 'Alt+W')

    const popup = await openPopupFor(browser, page)
    await popup
      .getByTestId('share-upgrade-needed')
      .getByRole('button', { name: 'See plans' })
      .waitFor()
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])
    await popup.close()

    // Signed out: the control says sharing needs an account, with the way to sign in.
    await sessionCall(browser, 'signOut')
    const signedOut = await openPopupFor(browser, page)
    await signedOut.getByTestId('share-signed-out').waitFor()
    await signedOut.getByRole('link', { name: 'Sign in to share this page' }).click()
    await signedOut.getByRole('button', { name: 'Sign in' }).first().waitFor()
    expect(await seriousAxeViolationsLightAndDark(signedOut)).toEqual([])
    await signedOut.close()
    await page.close()
  })
})
