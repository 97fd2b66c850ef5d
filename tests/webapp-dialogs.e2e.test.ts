// The web app's remaining dialogs in Chromium against the built app on its real store (ADR 079):
// each opens by its name in the `dialog` URL parameter, does its job, keeps the focus inside,
// closes with Escape and with Back, and passes axe. image-viewer steps through a page's image
// highlights by arrow keys; create-bookmark validates and saves, then asks the auto-download
// question once; page-content-preview shows a saved page's text as text only; backup-or-sync
// appears by the interval rule once per step and downloads the backup; datetimepicker sets the
// learning reminder, which opens when the test clock reaches it; settings, bookmark-details, and
// loading with youtube-loading open by name, each test on its own page. Opening two pages in order puts the last opened first
// under "Recently opened". Each test has a fresh browser context (a library of its own).
import {
  CHROME_SETTINGS_ID,
  MediaType,
  createBookmark,
  createDefaultChromeSettings,
  createLearningItem,
  createMark,
  createPageContent,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startClockAtTestNow, TEST_NOW } from './src/test-clock'
import {
  SEED_PAGE_PATH,
  answeredPrompts,
  startWebapp,
  type WebappServer,
} from './src/webapp-server'

const DAY = 86_400_000
const HOUR = 3_600_000
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

const article = createBookmark(
  {
    _id: 'page-birds',
    url: 'https://birds.example.org/owls',
    origin: 'birds.example.org',
    title: 'Owls at night',
    isStarred: true,
  },
  TEST_NOW - 2 * DAY,
)
const second = createBookmark(
  {
    _id: 'page-fish',
    url: 'https://fish.example.org/reefs',
    origin: 'fish.example.org',
    title: 'Reef fish',
    isStarred: true,
  },
  TEST_NOW - 3 * DAY,
)

function imageMark(id: string, alt: string, minutes: number) {
  return createMark(
    {
      _id: id,
      _bookmark: article._id,
      url: article.url,
      origin: article.origin,
      title: article.title,
      text: '',
      mediaType: MediaType.IMAGE,
      imageSrc: PIXEL,
      imageAlt: alt,
    },
    TEST_NOW - DAY + minutes * 60_000,
  )
}

describe('web app dialogs', () => {
  let server: WebappServer
  let browser: Browser
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterEach(async () => {
    for (const context of contexts.splice(0)) {
      await context.close()
    }
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  /** A fresh library with `entities` (settings: the prompts answered unless given), clock at TEST_NOW. */
  async function openLibrary(entities: readonly unknown[], settings: unknown = answeredPrompts) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } })
    contexts.push(context)
    await startClockAtTestNow(context)
    const page = await context.newPage()
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await page.evaluate((seed) => window.inkmarkSeed!(seed), [...entities, settings])
    expect(result.rejected).toEqual([])
    return page
  }

  const dialogNamed = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name })
  const focusIsInDialog = (page: Page) =>
    page.evaluate(() => document.activeElement?.closest('[role=dialog]') != null)

  /** Opens `path` (from the dashboard, so Back has somewhere to go) and waits for the dialog. */
  async function openByName(page: Page, path: string, name: string | RegExp) {
    // From a page of the app (Back returns there); one navigation less when already on one.
    if (!page.url().startsWith(server.url + '/') || page.url().includes('__seed')) {
      await page.goto(server.url + '/')
    }
    await page.goto(server.url + path)
    await expect.poll(() => dialogNamed(page, name).count()).toBe(1)
    expect(await focusIsInDialog(page)).toBe(true)
  }

  /** The dialog passes axe, keeps Tab inside, closes with Escape; opened again, Back closes it. */
  async function expectDialogBasics(page: Page, path: string, name: string | RegExp) {
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    for (const key of ['Tab', 'Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      expect(await focusIsInDialog(page)).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await openByName(page, path, name)
    await page.goBack()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(new URL(page.url()).searchParams.get('dialog')).toBeNull()
  }

  it('image-viewer shows an image highlight large and steps through the page images by arrows', async () => {
    const page = await openLibrary([
      article,
      imageMark('img-1', 'A barn owl', 1),
      imageMark('img-2', 'A snowy owl', 2),
    ])
    // From the notebook: the image opens the viewer.
    await page.goto(`${server.url}/page/${article._id}`)
    await page.getByRole('link', { name: 'View image: A barn owl large' }).click()
    const viewer = dialogNamed(page, /^Image 1 of 2 from Owls at night/)
    await expect.poll(() => viewer.count()).toBe(1)
    expect(await viewer.locator('img[alt="A barn owl"]').count()).toBe(1)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => dialogNamed(page, /^Image 2 of 2/).count()).toBe(1)
    expect(await page.locator('[role=dialog] img[alt="A snowy owl"]').count()).toBe(1)
    expect(new URL(page.url()).searchParams.get('mark')).toBe('img-2')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => dialogNamed(page, /^Image 1 of 2/).count()).toBe(1)

    await openByName(page, '/?dialog=image-viewer&mark=img-2', /^Image 2 of 2/)
    await expectDialogBasics(page, '/?dialog=image-viewer&mark=img-2', /^Image 2 of 2/)
  }, 300_000)

  it('create-bookmark validates, saves the page with its tags, then asks about page text once', async () => {
    const page = await openLibrary([second])
    await openByName(page, '/?dialog=create-bookmark', 'Save a page')
    await expectDialogBasics(page, '/?dialog=create-bookmark', 'Save a page')

    await openByName(page, '/?dialog=create-bookmark', 'Save a page')
    const dialog = dialogNamed(page, 'Save a page')
    await dialog.getByRole('button', { name: 'Save page' }).click()
    await expect
      .poll(() => dialog.getByText('Type the address of the page to save.').count())
      .toBe(1)
    await dialog.getByLabel('Page address').fill('javascript:alert(1)')
    await dialog.getByRole('button', { name: 'Save page' }).click()
    await expect.poll(() => dialog.getByText(/^Type the address of a web page/).count()).toBe(1)
    await dialog.getByLabel('Page address').fill(second.url)
    await dialog.getByRole('button', { name: 'Save page' }).click()
    await expect
      .poll(() => dialog.getByText('This page is already in your library.').count())
      .toBe(1)
    expect(await dialog.getByRole('link', { name: 'Open the saved page' }).count()).toBe(1)

    await dialog.getByLabel('Page address').fill('moths.example.org/night')
    await dialog.getByLabel('Title').fill('Night moths')
    await dialog.getByLabel('Tags').fill('insects, night life')
    await page.keyboard.press('Enter')
    // The new page opens, and the auto-download question comes with it (never answered before).
    const question = dialogNamed(page, 'Save the text of your pages?')
    await expect.poll(() => question.count()).toBe(1)
    expect(new URL(page.url()).pathname).toMatch(/^\/page\//)
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    await question.getByRole('button', { name: 'Save page text' }).click()
    await expect.poll(() => question.count()).toBe(0)
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Night moths' }).count())
      .toBe(1)
    expect(await page.getByText('insects').count()).toBeGreaterThan(0)
    expect(await page.getByText('nightlife').count()).toBeGreaterThan(0)

    // Answered: a second page saved asks nothing; by its name the prompt shows the answer.
    await openByName(page, '/?dialog=create-bookmark', 'Save a page')
    await dialogNamed(page, 'Save a page')
      .getByLabel('Page address')
      .fill('https://moths.example.org/day')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'moths.example.org/day' }).count())
      .toBe(1)
    await page.clock.runFor(2_000)
    expect(await question.count()).toBe(0)
    await openByName(page, '/?dialog=auto-download-prompt', 'Save the text of your pages?')
    expect(await page.getByText('Now: the text of pages is saved.').count()).toBe(1)
    await expectDialogBasics(page, '/?dialog=auto-download-prompt', 'Save the text of your pages?')
  }, 300_000)

  it('page-content-preview shows the saved text as text, never as HTML', async () => {
    const filler = Array.from(
      { length: 6 },
      (_, i) =>
        `<p>Paragraph ${i}: owls live on every continent but Antarctica, and most of them hunt small mammals, insects and birds from a perch in the dark.</p>`,
    ).join('')
    const html =
      '<html><head><title>Owls</title></head><body><article><h1>Owls at night</h1>' +
      '<p>Owls hunt at night with silent wings.</p>' +
      '<p>They see well in the dark. <b>Bold words</b> stay words.</p>' +
      filler +
      '<img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' +
      '</article></body></html>'
    const content = createPageContent(
      { _id: 'content-owls', url: article.url, content: html, title: 'Owls at night' },
      TEST_NOW - DAY,
    )
    const page = await openLibrary([article, second, content])
    const path = `/?dialog=page-content-preview&bookmark=${article._id}`
    await openByName(page, path, /^Saved text: Owls at night/)
    const preview = page.getByLabel('Saved text of the page')
    await expect
      .poll(() => preview.getByText('Owls hunt at night with silent wings.').count())
      .toBe(1)
    expect(await preview.locator('b, img, script').count()).toBe(0)
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(await page.getByRole('link', { name: 'Open in the reader' }).count()).toBe(1)
    await expectDialogBasics(page, path, /^Saved text: Owls at night/)

    // A page without saved text says so; it is offered from the page's menu.
    await page.goto(`${server.url}/page/${second._id}`)
    await page.getByRole('button', { name: 'More actions' }).click()
    await page.getByRole('menuitem', { name: 'Preview saved text' }).click()
    await expect.poll(() => page.getByText(/^The text of this page is not saved/).count()).toBe(1)
  }, 300_000)

  it('backup-or-sync appears at the configured interval once per step and downloads the backup', async () => {
    const settings = createDefaultChromeSettings(CHROME_SETTINGS_ID, {
      signUpPromptDismissed: true,
      chromeRatingPromptDismissed: true,
      upgradeDealPromptDismissed: true,
      spreadTheWordPromptDismissed: true,
      showBackupDialogPrompt: true,
      backupDialogPromptInterval: 25,
    })
    // 24 pages and the settings: 25 entities await sync, the interval.
    const pages = Array.from({ length: 24 }, (_, i) =>
      createBookmark(
        { _id: `p-${i}`, url: `https://example.org/p/${i}`, title: `Page ${i}`, isStarred: true },
        TEST_NOW - DAY,
      ),
    )
    const page = await openLibrary(pages, settings)
    await page.goto(server.url + '/')
    const prompt = dialogNamed(page, 'Back up your library')
    await expect.poll(() => prompt.count()).toBe(1)
    expect(await prompt.getByText(/^25 changes are saved only in this browser/).count()).toBe(1)
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    const download = page.waitForEvent('download')
    await prompt.getByRole('button', { name: 'Download backup' }).click()
    expect((await download).suggestedFilename()).toMatch(/backup.*\.json$/)
    expect(await prompt.getByRole('link', { name: 'Sign in to sync' }).count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => prompt.count()).toBe(0)

    // The step is stored: a reload does not show it again.
    await page.reload()
    await expect.poll(() => page.locator('article.card').count()).toBe(24)
    await page.clock.runFor(2_000)
    expect(await prompt.count()).toBe(0)

    await openByName(page, '/?dialog=backup-or-sync-prompt', 'Back up your library')
    await expectDialogBasics(page, '/?dialog=backup-or-sync-prompt', 'Back up your library')
  }, 300_000)

  it('datetimepicker sets the learning reminder, which opens when its time comes', async () => {
    const mark = createMark(
      {
        _id: 'learn-1',
        _bookmark: article._id,
        url: article.url,
        origin: article.origin,
        title: article.title,
        text: 'Owls swallow their prey whole.',
        learningItem: createLearningItem(),
      },
      TEST_NOW - DAY,
    )
    const page = await openLibrary([article, mark])
    await openByName(page, '/?dialog=learning-reminder', 'Time to learn')
    await page.getByRole('button', { name: 'Remind me later' }).click()
    const picker = dialogNamed(page, 'Remind me to learn')
    await expect.poll(() => picker.count()).toBe(1)
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    const field = picker.getByLabel('Date and time')
    // A moment in the past is refused with a reason.
    await field.fill('2026-06-14T09:00')
    await picker.getByRole('button', { name: 'Set reminder' }).click()
    await expect.poll(() => picker.getByText('Choose a moment in the future.').count()).toBe(1)
    // The quick choice, by keyboard: in an hour from the test clock's noon.
    await picker.getByRole('button', { name: 'In an hour' }).focus()
    await page.keyboard.press('Enter')
    expect(await field.inputValue()).toBe('2026-06-15T13:00')
    await picker.getByRole('button', { name: 'Set reminder' }).click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

    await openByName(page, '/?dialog=datetimepicker', 'Remind me to learn')
    expect(await page.getByText(/^You will be reminded on /).count()).toBe(1)
    await expectDialogBasics(page, '/?dialog=datetimepicker', 'Remind me to learn')

    // An hour later on the page's clock the learning reminder opens by itself.
    expect(await dialogNamed(page, 'Time to learn').count()).toBe(0)
    await page.clock.runFor(HOUR + 60_000)
    await expect.poll(() => dialogNamed(page, 'Time to learn').count()).toBe(1)
  }, 300_000)

  it('settings opens by name on its Settings tab, shows the Backup tab, and closes', async () => {
    const page = await openLibrary([article])
    await openByName(page, '/?dialog=settings', 'Settings')
    const settings = dialogNamed(page, 'Settings')
    expect(await settings.getByRole('tab', { name: 'Settings', selected: true }).count()).toBe(1)
    await settings.getByRole('tab', { name: 'Backup' }).click()
    await expect
      .poll(() => settings.getByRole('button', { name: 'Download backup' }).count())
      .toBe(1)
    await expectDialogBasics(page, '/?dialog=settings', 'Settings')
  }, 300_000)

  it('bookmark-details opens by name for its bookmark and closes', async () => {
    const page = await openLibrary([article])
    const details = `/?dialog=bookmark-details&bookmark=${article._id}`
    await openByName(page, details, /Owls at night/)
    await expectDialogBasics(page, details, /Owls at night/)
  }, 300_000)

  it('loading and youtube-loading open by name, say nothing is loading, and close', async () => {
    const page = await openLibrary([])
    await openByName(page, '/?dialog=loading', 'Nothing is loading')
    await expectDialogBasics(page, '/?dialog=loading', 'Nothing is loading')
    await openByName(page, '/?dialog=youtube-loading', 'No video is loading')
    await expectDialogBasics(page, '/?dialog=youtube-loading', 'No video is loading')
  }, 300_000)

  it('Recently opened lists the page opened last first', async () => {
    const page = await openLibrary([article, second])
    const recentlyOpened = `${server.url}/?type=bookmarks&sortBy=openedAt&sortDirection=desc&groupBy=date`
    const titles = () =>
      page
        .locator('article.card')
        .evaluateAll((cards) =>
          cards.map((card) =>
            ['Owls at night', 'Reef fish'].find((title) => card.textContent?.includes(title)),
          ),
        )
    // Never opened: by creation, the newer first.
    await page.goto(recentlyOpened)
    await expect.poll(titles).toEqual(['Owls at night', 'Reef fish'])

    await page.goto(`${server.url}/page/${article._id}`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Owls at night' }).count())
      .toBe(1)
    await page.clock.runFor(60_000)
    await page.goto(`${server.url}/page/${second._id}`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Reef fish' }).count())
      .toBe(1)
    await page.goto(recentlyOpened)
    await expect.poll(titles).toEqual(['Reef fish', 'Owls at night'])

    await page.clock.runFor(60_000)
    await page.goto(`${server.url}/page/${article._id}`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Owls at night' }).count())
      .toBe(1)
    await page.goto(recentlyOpened)
    await expect.poll(titles).toEqual(['Owls at night', 'Reef fish'])
  }, 300_000)
})
