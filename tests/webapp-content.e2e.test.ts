// User-written content and the add-content dialog in the built web app, in Chromium, offline:
// the dialog opens on its default tab (Text); a heading, a bold line and a link are written with
// the toolbar and the shortcuts, saved, and found again on /content/{id} after a reload; a
// javascript: link is refused with a message; editing autosaves; the URL tab saves a page that
// the dashboard lists (a second save of it opens the same bookmark); the whole path works with the
// keyboard alone; an unsaved text survives closing the dialog; a stored text this app did not
// write shows as plain text with a notice, and nothing of it runs; axe-core finds nothing serious
// or critical on the dialog's tabs and the page, in light and dark.
import { BookmarkType, ObjectStore, createBookmark, createPageContent } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

// The messages of webapp/src/content (an app cannot be imported from tests).
const UNSAFE_LINK_MESSAGE =
  'This link is not allowed. Links can start with http:, https:, ftp:, sftp:, file:, blob:, mailto:, tel:, # or /.'
const INVALID_PAGE_URL_MESSAGE =
  'Type the address of a web page, starting with http:// or https:// (for example https://example.com/article).'
const UNREADABLE_NOTICE =
  'This text could not be read with its formatting, so it is shown as plain text. Editing it saves it as plain text.'

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

function addContentDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Add content' })
}

async function openAddContent(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Add content' })
    .click()
  await expect.poll(() => addContentDialog(page).isVisible()).toBe(true)
}

/** The name of the focused element (its text, label or aria-label), for keyboard walks. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    if (!active) {
      return ''
    }
    const labelledBy = active.getAttribute('aria-labelledby')
    const label =
      active.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (active.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : null)
    return `${active.getAttribute('role') ?? active.tagName.toLowerCase()}:${(label ?? active.textContent ?? '').trim()}`
  })
}

/** Presses Tab until the focus is on `name` (role:label), at most `limit` times. */
async function tabTo(page: Page, name: string, limit = 30) {
  for (let step = 0; step < limit; step += 1) {
    if ((await focusedName(page)) === name) {
      return
    }
    await page.keyboard.press('Tab')
  }
  expect(await focusedName(page)).toBe(name)
}

describe('user content and the add-content dialog', () => {
  let server: WebappServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('opens add-content on the Text tab with tabs Text, URL and PDF', async () => {
    await page.goto(server.url + '/')
    await openAddContent(page)
    const dialog = addContentDialog(page)
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('add-content')
    await expect
      .poll(() => dialog.getByRole('tab').allTextContents())
      .toEqual(['Text', 'URL', 'PDF'])
    expect(await dialog.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await expectNoSeriousViolations(page)
    await dialog.getByRole('tab', { name: 'URL' }).click()
    await expect.poll(() => dialog.getByLabel('Page address').isVisible()).toBe(true)
    expect(new URL(page.url()).searchParams.get('contentType')).toBe('url')
    await expectNoSeriousViolations(page)
    await dialog.getByRole('tab', { name: 'PDF' }).click()
    await expect.poll(() => dialog.getByLabel('Choose a PDF file').count()).toBe(1)
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  })

  it('writes a heading, a bold line and a link, refuses a javascript: link, and keeps it all', async () => {
    await page.goto(server.url + '/?dialog=add-content')
    const dialog = addContentDialog(page)
    await dialog.getByLabel('Title').fill('Reading notes')
    const editor = dialog.getByRole('textbox', { name: 'Text', exact: true })
    await editor.click()
    await dialog.getByLabel('Text style').selectOption('heading-2')
    await page.keyboard.type('Chapter one')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('A bold line')
    await page.keyboard.press('Control+b')
    await page.keyboard.press('Enter')
    await page.keyboard.type('See ')

    // A javascript: link is refused with the message, and nothing is linked.
    await page.keyboard.press('Control+k')
    const address = dialog.getByLabel('Link address')
    await expect.poll(() => address.isVisible()).toBe(true)
    await address.fill('javascript:alert(document.domain)')
    await address.press('Enter')
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(UNSAFE_LINK_MESSAGE)
    expect(await address.getAttribute('aria-invalid')).toBe('true')
    await expectNoSeriousViolations(page)
    await address.fill('https://example.com/docs')
    await address.press('Enter')
    await expect
      .poll(() => editor.locator('a').getAttribute('href'))
      .toBe('https://example.com/docs')
    await expect.poll(() => editor.locator('h2').textContent()).toBe('Chapter one')
    await expect.poll(() => editor.locator('strong').textContent()).toBe('A bold line')
    await expectNoSeriousViolations(page)

    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL(/\/content\/[^/?]+$/)
    const contentUrl = page.url()

    const checkContent = async () => {
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Reading notes')
      const text = page.locator('.content-text')
      await expect.poll(() => text.locator('h2').textContent()).toBe('Chapter one')
      expect(await text.locator('strong').textContent()).toBe('A bold line')
      expect(await text.locator('a').textContent()).toBe('https://example.com/docs')
      expect(await text.locator('a').getAttribute('href')).toBe('https://example.com/docs')
    }
    await checkContent()
    await expectNoSeriousViolations(page)
    await page.reload()
    await checkContent()
    expect(page.url()).toBe(contentUrl)

    // It is on the dashboard, and its card opens it again.
    await page.goto(server.url + '/')
    await page.getByRole('link', { name: 'Reading notes' }).click()
    await page.waitForURL(contentUrl)
    await checkContent()
  })

  it('edits the text with autosave and a saved indicator', async () => {
    await page.getByRole('button', { name: 'Edit' }).click()
    const editor = page.getByRole('textbox', { name: 'Text', exact: true })
    await editor.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Added while editing.')
    await expect.poll(() => page.locator('.save-status').textContent()).toBe('Saved')
    await expectNoSeriousViolations(page)
    await page.reload()
    await expect
      .poll(() => page.locator('.content-text').textContent())
      .toContain('Added while editing.')
    expect(await page.locator('.content-text h2').textContent()).toBe('Chapter one')
  })

  it('saves a URL as a page that the dashboard lists, once', async () => {
    await page.goto(server.url + '/?dialog=add-content&contentType=url')
    const dialog = addContentDialog(page)
    const address = dialog.getByLabel('Page address')
    await address.fill('javascript:alert(1)')
    await dialog.getByRole('button', { name: 'Save page' }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(INVALID_PAGE_URL_MESSAGE)
    await expectNoSeriousViolations(page)
    await address.fill('https://slow.example.org/articles/reading')
    await dialog.getByRole('button', { name: 'Save page' }).click()
    await page.waitForURL(/\/page\/[^/?]+$/)
    const pageUrl = page.url()
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('slow.example.org/articles/reading')

    await page.goto(server.url + '/')
    await expect
      .poll(() => page.getByRole('link', { name: 'slow.example.org/articles/reading' }).count())
      .toBe(1)

    // The same page again opens the bookmark it already has.
    await page.goto(server.url + '/?dialog=add-content&contentType=url')
    await addContentDialog(page)
      .getByLabel('Page address')
      .fill('slow.example.org/articles/reading/')
    await addContentDialog(page).getByRole('button', { name: 'Save page' }).click()
    await page.waitForURL(pageUrl)
    await expect.poll(() => page.getByText('This page is already in your library.').count()).toBe(1)
    await page.goto(server.url + '/')
    await expect
      .poll(() => page.getByRole('link', { name: 'slow.example.org/articles/reading' }).count())
      .toBe(1)
  })

  it('goes through the tabs and writes and saves a text with the keyboard alone', async () => {
    await page.goto(server.url + '/settings')
    await page.locator('body').press('Tab')
    await tabTo(page, 'button:Add content')
    await page.keyboard.press('Enter')
    const dialog = addContentDialog(page)
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await tabTo(page, 'tab:Text')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => focusedName(page)).toBe('tab:URL')
    expect(new URL(page.url()).searchParams.get('contentType')).toBe('url')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => focusedName(page)).toBe('tab:PDF')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => focusedName(page)).toBe('tab:Text')

    await tabTo(page, 'input:Title')
    await page.keyboard.type('Typed by keyboard')
    // The toolbar is one Tab stop; the arrow keys move inside it.
    await page.keyboard.press('Tab')
    await expect.poll(() => focusedName(page)).toBe('select:Text style')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => focusedName(page)).toBe('button:Bold')
    await page.keyboard.press('Tab')
    await expect.poll(() => focusedName(page)).toBe('textbox:Text')
    await page.keyboard.type('Plain start, ')
    await page.keyboard.press('Control+i')
    await page.keyboard.type('slanted')
    await page.keyboard.press('Control+i')
    // Back to the toolbar (on the control used last), Bold with Enter, and on typing in the text.
    await page.keyboard.press('Shift+Tab')
    await expect.poll(() => focusedName(page)).toBe('button:Bold')
    await page.keyboard.press('Enter')
    await expect.poll(() => focusedName(page)).toBe('textbox:Text')
    await page.keyboard.type(' and strong')
    // From the text, Tab goes on (it does not indent) and reaches Save.
    await tabTo(page, 'button:Save')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/content\/[^/?]+$/)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Typed by keyboard')
    expect(await page.locator('.content-text em').textContent()).toBe('slanted')
    expect(await page.locator('.content-text strong').textContent()).toBe(' and strong')

    // Escape closes the dialog and gives the focus back to the button that opened it.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Add content' })
      .focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await expect.poll(() => focusedName(page)).toBe('button:Add content')
  })

  it('keeps an unsaved text when the dialog is closed by mistake', async () => {
    await page.goto(server.url + '/')
    await openAddContent(page)
    const dialog = addContentDialog(page)
    await dialog.getByLabel('Title').fill('Half a thought')
    await dialog.getByRole('textbox', { name: 'Text', exact: true }).click()
    await page.keyboard.type('To be continued')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await openAddContent(page)
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Half a thought')
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Text', exact: true }).textContent())
      .toBe('To be continued')
    await page.keyboard.press('Escape')
  })

  it('has no serious accessibility violations on a text and the dialog in dark mode', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    try {
      await page.goto(server.url + '/')
      await page.getByRole('link', { name: 'Reading notes' }).click()
      await page.waitForURL(/\/content\//)
      await expect.poll(() => page.locator('.content-text h2').count()).toBe(1)
      await expectNoSeriousViolations(page)
      await page.getByRole('button', { name: 'Edit' }).click()
      await expect.poll(() => page.getByRole('toolbar', { name: 'Formatting' }).count()).toBe(1)
      await expectNoSeriousViolations(page)
      await page.getByRole('button', { name: 'Done editing' }).click()
      await openAddContent(page)
      await expectNoSeriousViolations(page)
      await page.keyboard.press('Escape')
    } finally {
      await page.emulateMedia({ colorScheme: 'light' })
    }
  })

  it('shows stored text it did not write as plain text with a notice, running nothing', async () => {
    const url = `${server.url}/content/foreign`
    const now = Date.now()
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await page.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [
        createBookmark(
          {
            _id: 'foreign',
            _objectStore: ObjectStore.BOOKMARKS,
            url,
            title: 'From another app',
            type: BookmarkType.CONTENT_TEXT,
          },
          now,
        ),
        createPageContent(
          {
            _id: 'foreign-content',
            _objectStore: ObjectStore.PAGE_CONTENTS,
            url,
            content:
              '<p>First line</p><img src="x" onerror="document.title=\'pwned\'"><div onclick="x()">Second line</div>',
          },
          now,
        ),
      ],
    )
    expect(result.rejected).toEqual([])
    await page.goto(url)
    await expect.poll(() => page.getByRole('note').textContent()).toBe(UNREADABLE_NOTICE)
    const text = page.locator('.content-text')
    await expect.poll(() => text.textContent()).toContain('First line')
    expect(await text.textContent()).toContain('Second line')
    expect(await page.locator('.content-page img, .content-page [onclick]').count()).toBe(0)
    expect(await page.title()).not.toBe('pwned')
    await expectNoSeriousViolations(page)
  })

  it('deletes the text and goes back to the library', async () => {
    await page.goto(server.url + '/content/foreign')
    await page.getByRole('button', { name: 'Delete text' }).click()
    await page
      .getByRole('group', { name: 'Delete text' })
      .getByRole('button', { name: 'Delete text' })
      .click()
    await page.waitForURL(server.url + '/')
    await page.goto(server.url + '/content/foreign')
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1)
  })
})
