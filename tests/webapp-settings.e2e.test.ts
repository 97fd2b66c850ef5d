// The web app's Settings view (ADR 077), with the extension in the same browser (one library,
// ADR 035): each control of the settings form changes the stored record (read back from the
// extension's background, so it crossed the bridge too), and a page that is already open follows
// without a reload: the marker popup, the open sidebar's width and side, the default colour of
// Alt+S, a site blacklisted and taken off the list. axe finds nothing serious, light or dark.
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
import { E2E_WEBAPP_PORT, holdE2eWebappOriginDuringBlock } from './src/e2e-webapp-origin'
import { sidebarBox, sidebarDocument } from './src/extension-sidebar'
import {
  extensionSettings,
  flipSwitch,
  markerPopupComes,
  openSettingsReader,
  pageStatus,
  type StoredSettings,
} from './src/settings-effects'
import { pressShortcut } from './src/shortcuts'
import { startWebapp, type WebappServer } from './src/webapp-server'

const PARAGRAPHS = [
  'The web app changes a setting and the open page follows at once.',
  'A second paragraph for the shortcut.',
  'A third paragraph for the default colour.',
]
/** Generous: an effect, not a deadline (the change crosses the library bridge). */
const WAIT = { timeout: 30_000 }

describe("the web app's Settings view", () => {
  // The e2e web app origin is one fixed port: held for this whole file (ADR 070).
  holdE2eWebappOriginDuringBlock()

  let browser: ExtensionBrowser
  let site: WrittenSite
  let webapp: WebappServer
  let app: Page

  beforeAll(async () => {
    site = await writtenSite()
    await site.write('article.html', article(PARAGRAPHS))
    webapp = await startWebapp({ port: E2E_WEBAPP_PORT })
    browser = await launchWithExtension()
    app = await browser.context.newPage()
    await app.goto(`${webapp.url}/settings`)
    await app.getByRole('switch', { name: /marker popup/ }).waitFor()
  })

  afterAll(async () => {
    await browser?.close()
    await webapp?.close()
    await site?.close()
  })

  async function openArticle(): Promise<Page> {
    const page = await browser.context.newPage()
    await page.goto(site.url('article.html'))
    expect(await highlighterReady(page)).toBe('ready')
    return page
  }

  it('shows every setting, passes axe, and stores each switch and choice', async () => {
    await app.bringToFront()
    expect(await seriousAxeViolationsLightAndDark(app)).toEqual([])
    const switches: [RegExp, (settings: StoredSettings) => boolean][] = [
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
      await flipSwitch(app, name)
      await expect.poll(async () => read(await reader.read()), WAIT).toBe(!before)
      await flipSwitch(app, name)
      await expect.poll(async () => read(await reader.read()), WAIT).toBe(before)
    }
    await reader.close()
    await app.getByRole('radio', { name: 'Cover the page', exact: true }).check()
    await expect
      .poll(async () => (await extensionSettings(browser)).sidebarOptions.sidebarBehavior, WAIT)
      .toBe('overlay')
    await app.getByRole('radio', { name: 'Push the page aside', exact: true }).check()
    await app.getByLabel('Remind me after this many unsynced changes').selectOption('50')
    await expect
      .poll(async () => (await extensionSettings(browser)).backupDialogPromptInterval, WAIT)
      .toBe(50)
    await app.getByLabel('Save a page’s content when I highlight it').selectOption('always')
    await expect
      .poll(async () => (await extensionSettings(browser)).autoDownloadPageContent, WAIT)
      .toBe(true)

    // A refused blacklist entry says why and stores nothing.
    await app.getByLabel('Add a site').fill('https://')
    await app.getByRole('button', { name: 'Add site' }).click()
    await app
      .getByRole('alert')
      .getByText('That is not a site address.', { exact: false })
      .waitFor()
    expect((await extensionSettings(browser)).blacklistedUrls).toEqual([])
  })

  it('turns the marker popup off in an open tab, and changes its default colour', async () => {
    const page = await openArticle()
    expect(await markerPopupComes(page)).toBe(true)
    await app.bringToFront()
    await app.getByTitle('Bright green', { exact: true }).click()
    await flipSwitch(app, /marker popup/)
    await expect.poll(() => markerPopupComes(page), WAIT).toBe(false)
    // The colour was stored before the switch: the page has it now.
    await selectText(page, '#p3', 0, 7)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length, WAIT).toBe(1)
    const marks = await storeCall<{ color: string; text: string }[]>(browser, 'getAllMarks')
    expect(marks.find((mark) => mark.text === 'A third')?.color).toBe('#92ffaa')

    await app.bringToFront()
    await flipSwitch(app, /marker popup/)
    await expect.poll(() => markerPopupComes(page), WAIT).toBe(true)
    await page.close()
  })

  it('moves and widens an open sidebar, and blacklists the site in the open tab', async () => {
    const page = await openArticle()
    await pressShortcut(page, 'Alt+W')
    await sidebarDocument(page)
    const windowWidth = await page.evaluate(() => window.innerWidth)

    await app.bringToFront()
    const width = app.getByLabel('Sidebar width (px)')
    await width.fill('480')
    await width.press('Enter')
    await expect.poll(async () => (await sidebarBox(page)).width, WAIT).toBe(480)
    await app.getByRole('radio', { name: 'Right', exact: true }).check()
    await expect.poll(async () => (await sidebarBox(page)).right, WAIT).toBe(windowWidth)

    await app.getByLabel('Add a site').fill('127.0.0.1')
    await app.getByRole('button', { name: 'Add site' }).click()
    await expect.poll(() => pageStatus(page), WAIT).toBe('blacklisted')
    await expect.poll(async () => (await paintedHighlights(page)).length, WAIT).toBe(0)
    await app.getByRole('button', { name: 'Remove 127.0.0.1' }).click()
    await expect.poll(() => pageStatus(page), WAIT).toBe('ready')
    expect(await markerPopupComes(page)).toBe(true)
    await page.close()
  })
})
