// The toolbar popup (ADR 039): built for a relay on loopback (as `npm start` builds it), it signs
// up there without an address typed in; its sync state changes while it stays open; it lists the
// page's highlights with proper plurals and the keyboard shortcuts; axe finds nothing serious in
// light or dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExtensionForRelay, type RelayBuild } from './src/extension-build'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  article,
  highlighterReady,
  paintedHighlights,
  selectText,
  sessionCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { seriousAxeViolations, seriousAxeViolationsLightAndDark } from './src/axe'
import { openPopupFor } from './src/extension-sidebar'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { pressShortcut } from './src/shortcuts'

const PASSWORD = 'correct horse battery'
const PARAGRAPHS = [
  'Reading slowly is a way of paying attention to what a writer actually said.',
  'Margins were the first place readers kept their notes on a text.',
  'A highlight is a small promise to come back to a passage later.',
]

describe('the popup built for a relay', () => {
  let relay: RelayProcess
  let build: RelayBuild
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    relay = await createRelayProcess()
    build = await buildExtensionForRelay(relay.url)
    await relay.start()
    site = await writtenSite()
    await site.write('article.html', article(PARAGRAPHS))
    await site.write('empty.html', article(['Nothing highlighted here yet.']))
    browser = await launchWithExtension(build.dir)
  }, 400_000)

  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await build?.dispose()
    await relay?.dispose()
  })

  it('lists the page highlights with proper plurals, and the shortcuts', async () => {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    await highlighterReady(page)
    let popup = await openPopupFor(browser, page)
    await popup.getByText('No highlights on this page yet.', { exact: false }).waitFor()
    await popup.close()

    await selectText(page, '#p1', 0, 15)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    popup = await openPopupFor(browser, page)
    await popup.getByText('1 highlight on this page').waitFor()

    // The open popup hears of a new highlight and counts again.
    await page.bringToFront()
    await selectText(page, '#p2', 0, 7)
    await pressShortcut(page, 'Alt+S')
    await popup.getByText('2 highlights on this page').waitFor()
    const items = popup.getByRole('list', { name: 'Highlights on this page' }).getByRole('button')
    expect(await items.allTextContents()).toEqual(['Reading slowly', 'Margins'])
    await popup.getByRole('button', { name: 'Save page' }).waitFor()
    await popup.getByRole('button', { name: 'Open library' }).waitFor()

    const rows = await popup
      .getByTestId('shortcuts')
      .evaluate((element) =>
        Array.from(element.querySelectorAll('dt'), (term) => [
          term.textContent,
          term.nextElementSibling?.textContent,
        ]),
      )
    expect(rows).toContainEqual(['Highlight text', 'Alt+S'])
    expect(rows).toContainEqual(['Save page', 'Alt+B'])
    await popup.getByRole('button', { name: 'Change shortcuts' }).waitFor()
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])

    await popup.getByRole('button', { name: 'Save page' }).click()
    await popup.getByRole('button', { name: 'Saved' }).waitFor()
    await popup.close()
    await page.close()
  })

  it('signs up at the built-in relay with no address typed, and shows sync live', async () => {
    const email = `popup-${Date.now()}@example.com`
    const page = await browser.context.newPage()
    await page.goto(site.url('empty.html'))
    await highlighterReady(page)
    const popup = await openPopupFor(browser, page)
    const state = popup.getByTestId('sync-state')
    await expect.poll(() => state.textContent()).toBe('On this device only')

    await popup.getByText('Not signed in: everything stays on this device.').waitFor()
    expect(await seriousAxeViolations(popup)).toEqual([])
    await popup.getByRole('button', { name: 'Create an account' }).click()
    // The server address waits under Advanced, set to the build's relay.
    expect(await popup.getByRole('textbox', { name: 'Server address' }).isVisible()).toBe(false)
    await popup.getByText('Advanced').click()
    expect(await popup.getByRole('textbox', { name: 'Server address' }).inputValue()).toBe(
      relay.url,
    )
    await popup.getByText('Advanced').click()

    await popup.getByRole('textbox', { name: 'Email' }).fill(email)
    await popup.getByLabel('Password').fill('short')
    await popup.getByRole('button', { name: 'Sign up' }).click()
    await popup.getByText('Use at least 8 characters.').waitFor()
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])
    await popup.getByLabel('Password').fill(PASSWORD)
    await popup.getByRole('button', { name: 'Sign up' }).click()
    await popup.getByText(`Signed in as ${email}`).waitFor()
    await expect.poll(() => state.textContent()).toBe('Up to date')
    expect(await seriousAxeViolationsLightAndDark(popup)).toEqual([])

    // The popup stays open while sync fails and recovers elsewhere: its state follows.
    await relay.stop()
    await sessionCall(browser, 'syncNow')
    await expect.poll(() => state.textContent()).toBe('Server is not reachable')
    await relay.start()
    await sessionCall(browser, 'syncNow')
    await expect.poll(() => state.textContent()).toBe('Up to date')

    await popup.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => state.textContent()).toBe('On this device only')
    // The account exists at the relay: signing in there works.
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByRole('textbox', { name: 'Email' }).fill(email)
    await popup.getByLabel('Password').fill(PASSWORD)
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByText(`Signed in as ${email}`).waitFor()
    await popup.close()
    await page.close()
  })
})
