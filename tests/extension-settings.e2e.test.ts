// The extension's options page (ADR 077): every setting has a control that changes the stored
// record, and a page that is already open follows at once, without a reload: the marker popup
// turned off and on, the open sidebar's width and side, the default colour of Alt+S, the site
// blacklisted and taken off the list. Own blacklist entries are checked with a clear message;
// the popup's "in the settings" on a blacklisted site opens the blacklist with the keyboard in
// its field; the settings are mirrored in the browser's sync storage and a newer copy from the
// profile's other computer is adopted. axe finds nothing serious on the page, light or dark.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  article,
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { openPopupFor, sidebarBox, sidebarDocument } from './src/extension-sidebar'
import {
  extensionSettings,
  flipSwitch,
  markerPopupComes,
  openSettingsReader,
  pageStatus,
} from './src/settings-effects'
import { pressShortcut } from './src/shortcuts'

const PARAGRAPHS = [
  'Settings should change what an open page does, at once and without a reload.',
  'A second paragraph gives the shortcut something to highlight.',
  'A third paragraph for the default colour.',
]
/** Generous: an effect, not a deadline. */
const WAIT = { timeout: 20_000 }

describe('the options page', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('article.html', article(PARAGRAPHS))
    browser = await launchWithExtension()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  async function openOptions(hash = ''): Promise<Page> {
    const options = await browser.context.newPage()
    await options.goto(`chrome-extension://${browser.extensionId}/options.html${hash}`)
    await options.getByRole('switch', { name: /marker popup/ }).waitFor()
    return options
  }

  async function openArticle(): Promise<Page> {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    expect(await highlighterReady(page)).toBe('ready')
    return page
  }

  it('passes axe, light and dark', async () => {
    const options = await openOptions()
    expect(await seriousAxeViolationsLightAndDark(options)).toEqual([])
    await options.close()
  })

  it('changes each stored switch from its control', async () => {
    const options = await openOptions()

    const switches: [RegExp, (s: Awaited<ReturnType<typeof extensionSettings>>) => boolean][] = [
      [/marker popup/, (s) => s.showMarkerPopup],
      [/toolbox after I highlight/, (s) => s.showToolboxAutomatically],
      [/opens the sidebar/, (s) => s.showLeftSidebarWidget],
      [/Scroll the transcript/, (s) => s.youtubeOptions.enableAutoscrolling],
      [/Keep the video in view/, (s) => s.youtubeOptions.enableStickyPlayer],
      [/learn my highlights/, (s) => s.showLearningTeaser],
      [/back up or sync/, (s) => s.showBackupDialogPrompt],
    ]
    const reader = await openSettingsReader(browser)
    for (const [name, read] of switches) {
      const before = read(await reader.read())
      await flipSwitch(options, name)
      await expect.poll(async () => read(await reader.read()), WAIT).toBe(!before)
      await flipSwitch(options, name)
      await expect.poll(async () => read(await reader.read()), WAIT).toBe(before)
    }
    await reader.close()

    await options.close()
  })

  it('changes each stored choice from its control', async () => {
    await storeCall(browser, 'updateChromeSettings', { recentColors: ['#ffad2a', '#92ffaa'] })
    const options = await openOptions()
    await options.getByRole('radio', { name: 'Advanced', exact: true }).check()
    await expect.poll(async () => (await extensionSettings(browser)).highlighterMode).toBe('EXPERT')
    // Offline has no advanced highlighting: the page says so, and the highlighter stays Standard.
    await options.getByTestId('advanced-plan-note').waitFor()
    await options.getByRole('radio', { name: 'Standard', exact: true }).check()
    await expect.poll(async () => (await extensionSettings(browser)).highlighterMode).toBe('BASIC')

    await options.getByRole('radio', { name: 'Right', exact: true }).check()
    await expect
      .poll(async () => (await extensionSettings(browser)).sidebarOptions.sidebarAlignment)
      .toBe('right')
    await options.getByRole('radio', { name: 'Cover the page', exact: true }).check()
    await expect
      .poll(async () => (await extensionSettings(browser)).sidebarOptions.sidebarBehavior)
      .toBe('overlay')
    const width = options.getByLabel('Sidebar width (px)')
    await width.fill('120')
    await width.press('Enter')
    // Below the spec's minimum: the narrowest sidebar is stored, and shown.
    await expect
      .poll(async () => (await extensionSettings(browser)).sidebarOptions.sidebarWidth)
      .toBe(340)
    expect(await width.inputValue()).toBe('340')

    await options.getByLabel('Remind me after this many unsynced changes').selectOption('250')
    await expect
      .poll(async () => (await extensionSettings(browser)).backupDialogPromptInterval)
      .toBe(250)
    await options.getByLabel('Save a page’s content when I highlight it').selectOption('never')
    await expect
      .poll(async () => (await extensionSettings(browser)).autoDownloadPageContent)
      .toBe(false)

    await options.getByTitle('Bright blue', { exact: true }).click()
    await expect
      .poll(async () => (await extensionSettings(browser)).defaultHighlightColor)
      .toBe('#3cbefc')

    const recent = options.getByRole('list', { name: 'Recent colours' }).getByRole('listitem')
    expect(await recent.count()).toBe(2)
    await options.getByRole('button', { name: 'Clear recent colours' }).click()
    await expect.poll(async () => (await extensionSettings(browser)).recentColors).toEqual([])
    await options.getByText('No recent colours yet', { exact: false }).waitFor()

    await storeCall(browser, 'updateChromeSettings', {
      sidebarOptions: { sidebarWidth: 400, sidebarAlignment: 'left', sidebarBehavior: 'push' },
      defaultHighlightColor: '#fdffb4',
    })
    await options.close()
  })

  it('checks own blacklist entries with a clear message, and lists the built-in ones', async () => {
    const options = await openOptions()
    const field = options.getByLabel('Add a site')
    await field.fill('not a site')
    await options.getByRole('button', { name: 'Add site' }).click()
    await options
      .getByRole('alert')
      .getByText('An entry has no spaces.', { exact: false })
      .waitFor()
    // The typed text stays for the person to correct.
    expect(await field.inputValue()).toBe('not a site')
    await field.fill('*://mail.google.com/*')
    await options.getByRole('button', { name: 'Add site' }).click()
    await options.getByText("already on Inkmark's built-in list", { exact: false }).waitFor()
    expect((await extensionSettings(browser)).blacklistedUrls).toEqual([])

    await options.getByText('Inkmark’s built-in list', { exact: false }).click()
    await options.getByText('*://docs.google.com/*', { exact: true }).waitFor()
    expect(await seriousAxeViolationsLightAndDark(options)).toEqual([])
    await options.close()
  })

  it('turns the marker popup off and on in an open tab, without a reload', async () => {
    const page = await openArticle()
    expect(await markerPopupComes(page)).toBe(true)
    const options = await openOptions()
    await flipSwitch(options, /marker popup/)
    await expect.poll(() => markerPopupComes(page), WAIT).toBe(false)
    await flipSwitch(options, /marker popup/)
    await expect.poll(() => markerPopupComes(page), WAIT).toBe(true)
    await options.close()
    await page.close()
  })

  it('moves and widens an open sidebar, and Alt+S takes the new default colour', async () => {
    const page = await openArticle()
    await pressShortcut(page, 'Alt+W')
    await sidebarDocument(page)
    await expect.poll(async () => (await sidebarBox(page)).left, WAIT).toBe(0)
    const windowWidth = await page.evaluate(() => window.innerWidth)

    const options = await openOptions()
    await options.getByTitle('Orange', { exact: true }).click()
    const width = options.getByLabel('Sidebar width (px)')
    await width.fill('500')
    await width.press('Enter')
    await expect.poll(async () => (await sidebarBox(page)).width, WAIT).toBe(500)
    await options.getByRole('radio', { name: 'Right', exact: true }).check()
    await expect.poll(async () => (await sidebarBox(page)).right, WAIT).toBe(windowWidth)
    // Wider than two thirds of the window: the open sidebar stops there (the spec's bound).
    await width.fill('5000')
    await width.press('Enter')
    await expect
      .poll(async () => (await sidebarBox(page)).width, WAIT)
      .toBe(Math.round((windowWidth * 2) / 3))
    await options.close()

    // The settings above reached the page (its sidebar moved after the colour was stored).
    await pressShortcut(page, 'Alt+W')
    await selectText(page, '#p3', 0, 7)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length, WAIT).toBe(1)
    const marks = await storeCall<{ color: string; text: string }[]>(browser, 'getAllMarks')
    expect(marks.find((mark) => mark.text === 'A third')?.color).toBe('#ffad2a')

    await storeCall(browser, 'updateChromeSettings', {
      sidebarOptions: { sidebarWidth: 400, sidebarAlignment: 'left', sidebarBehavior: 'push' },
      defaultHighlightColor: '#fdffb4',
    })
    await page.close()
  })

  it('stops and starts highlighting on a site blacklisted and taken off the list in an open tab', async () => {
    const page = await openArticle()
    await selectText(page, '#p2', 0, 8)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length, WAIT).toBeGreaterThan(0)

    const options = await openOptions()
    await options.getByLabel('Add a site').fill('127.0.0.1')
    await options.getByRole('button', { name: 'Add site' }).click()
    await expect
      .poll(async () => (await extensionSettings(browser)).blacklistedUrls)
      .toEqual(['127.0.0.1'])
    await expect.poll(() => pageStatus(page), WAIT).toBe('blacklisted')
    await expect.poll(async () => (await paintedHighlights(page)).length, WAIT).toBe(0)
    expect(await markerPopupComes(page)).toBe(false)

    // The popup on the blacklisted site leads to the list, with the keyboard in its field.
    const popup = await openPopupFor(browser, page)
    const opened = browser.context.waitForEvent('page', (candidate) =>
      candidate.url().endsWith('/options.html#blacklist'),
    )
    await popup.getByRole('link', { name: 'in the settings' }).click()
    const atList = await opened
    await atList.getByRole('button', { name: 'Remove 127.0.0.1' }).waitFor()
    await expect
      .poll(() => atList.evaluate(() => document.activeElement?.id))
      .toBe('blacklist-new-entry')

    await atList.getByRole('button', { name: 'Remove 127.0.0.1' }).click()
    await expect.poll(async () => (await extensionSettings(browser)).blacklistedUrls).toEqual([])
    await expect.poll(() => pageStatus(page), WAIT).toBe('ready')
    await expect.poll(async () => (await paintedHighlights(page)).length, WAIT).toBeGreaterThan(0)
    expect(await markerPopupComes(page)).toBe(true)
    await atList.close()
    await options.close()
    await page.close()
  })

  it("mirrors the settings in sync storage and adopts a newer copy from the profile's other computer", async () => {
    await storeCall(browser, 'updateChromeSettings', { showToolboxAutomatically: false })
    const mirrored = () =>
      browser.serviceWorker.evaluate(async () => {
        const sync = (
          globalThis as unknown as {
            chrome: { storage: { sync: { get(key: string): Promise<Record<string, unknown>> } } }
          }
        ).chrome.storage.sync
        return (await sync.get('chromeSettings'))['chromeSettings'] as
          { changedAt: number; settings: Record<string, unknown> } | undefined
      })
    await expect
      .poll(async () => (await mirrored())?.settings['showToolboxAutomatically'], WAIT)
      .toBe(false)
    const copy = (await mirrored())!
    await browser.serviceWorker.evaluate(
      async (newer) => {
        const sync = (
          globalThis as unknown as {
            chrome: { storage: { sync: { set(items: object): Promise<void> } } }
          }
        ).chrome.storage.sync
        await sync.set({ chromeSettings: newer })
      },
      {
        ...copy,
        changedAt: copy.changedAt + 60_000,
        settings: { ...copy.settings, showToolboxAutomatically: true, showMarkerPopup: false },
      },
    )
    await expect
      .poll(async () => {
        const settings = await extensionSettings(browser)
        return [settings.showToolboxAutomatically, settings.showMarkerPopup]
      }, WAIT)
      .toEqual([true, false])
    await storeCall(browser, 'updateChromeSettings', { showMarkerPopup: true })
  })
})
