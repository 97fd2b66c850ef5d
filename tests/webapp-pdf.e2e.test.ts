// Uploaded PDFs in the web app, in Chromium against the built app, offline. Every PDF of the
// fixtures goes in through the add-content dialog's PDF tab: the viewer shows the preparation
// progress and the ready notice, a selection is highlighted in a colour, and after a reload the
// highlight is painted again on the same text; one highlight crosses a page break. A file that is
// not a PDF is refused with a clear message and nothing is stored. A highlight opens with the
// keyboard and is deleted; a dropped file of a name already uploaded opens that page with its
// highlight; a PDF whose file is on another device says so and takes the file here.
// axe-core finds nothing serious or critical on the dialog, the viewer and the notices.
import { fixturesDir } from '@inkmark/shared/fixtures'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { textLayerDrawn } from './src/pdf-viewer-page'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

const PDF_DIR = join(fixturesDir('pdf'), 'pdf')
/** The fixture PDFs and their page counts (fixtures/SOURCES.md). */
const FIXTURES = [
  { file: 'budlong.pdf', pages: 4 },
  { file: 'gatsby.pdf', pages: 144 },
  { file: 'tracemonkey.pdf', pages: 14 },
] as const
const READY = 'PDF is ready! Enjoy highlighting.'
/** How long a poll may wait for the viewer (drawing pages, anchoring): a bound, not a measure. */
const VIEWER_WAIT = { timeout: 30_000 }

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** Starts recording every text a status region shows, for notices that come and go. */
async function recordStatusTexts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { statusTexts: string[] }).statusTexts = seen
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[role="status"]')) {
        const text = region.textContent?.trim() ?? ''
        if (text !== '' && seen[seen.length - 1] !== text) {
          seen.push(text)
        }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

function statusTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts)
}

async function openPdfTab(page: Page, origin: string) {
  await page.goto(origin + '/')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Add content' })
    .click()
  await page.getByRole('dialog', { name: 'Add content' }).getByRole('tab', { name: 'PDF' }).click()
}

/** The painted text of a highlight, its wrappers joined. */
function highlightText(page: Page, markId: string): Promise<string> {
  return page.evaluate(
    (id) =>
      [...document.querySelectorAll(`.inkmark-highlight[markid="${CSS.escape(id)}"]`)]
        .map((wrapper) => wrapper.textContent ?? '')
        .join(''),
    markId,
  )
}

/** The ids of the highlights painted in the viewer. */
function paintedMarkIds(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll('.inkmark-highlight[markid]')].map(
        (wrapper) => wrapper.getAttribute('markid') ?? '',
      ),
    ),
  ])
}

/** Selects a text span of the first page that has words (gatsby.pdf starts with a cover). */
async function selectTextWithMouse(page: Page): Promise<string> {
  let span: Locator | undefined
  for (let index = 0; span === undefined; index += 1) {
    const pdfPage = page.locator(`.inkmark-pdf-page[data-page-index="${index}"]`)
    await pdfPage.scrollIntoViewIfNeeded()
    // Drawn: the text layer ends with its end-of-content element.
    await pdfPage.locator('.textLayer .endOfContent').waitFor({ state: 'attached' })
    const words = pdfPage
      .locator('.textLayer span:not(.markedContent)')
      .filter({ hasText: /\w{4,}.*\w{4,}/ })
    if ((await words.count()) > 0) {
      span = words.first()
    }
  }
  // In the middle of the screen, away from the sticky toolbar.
  await span.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  const box = await span.boundingBox()
  if (box === null) {
    throw new Error('the text span has no box')
  }
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + 1, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 })
  await page.mouse.move(box.x + box.width - 1, y, { steps: 4 })
  await page.mouse.up()
  return page.evaluate(() => document.getSelection()?.toString() ?? '')
}

async function countStoredPdfFiles(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('inkmark-pdf-files')
        request.onerror = () => reject(new Error(String(request.error)))
        request.onsuccess = () => {
          const database = request.result
          if (!database.objectStoreNames.contains('files')) {
            database.close()
            resolve(0)
            return
          }
          const count = database.transaction('files').objectStore('files').count()
          count.onsuccess = () => {
            database.close()
            resolve(count.result)
          }
          count.onerror = () => reject(new Error(String(count.error)))
        }
      }),
  )
}

describe('PDFs in the web app', () => {
  let server: WebappServer
  let browser: Browser
  let page: Page
  /** Bookmark id of each uploaded fixture, and the page its highlight is on. */
  const uploaded = new Map<string, string>()
  const highlightPages = new Map<string, string>()

  beforeAll(async () => {
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    await page.goto(server.url + '/')
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  for (const { file, pages } of FIXTURES) {
    it(`uploads ${file}, highlights a selection, and shows the highlight again after a reload`, async () => {
      await openPdfTab(page, server.url)
      await expectNoSeriousViolations(page)
      await recordStatusTexts(page)
      await page.getByLabel('Choose a PDF file').setInputFiles(join(PDF_DIR, file))
      await page.waitForURL(/\/pdf\/[^/]+$/)
      await page.getByRole('heading', { level: 1, name: file.replace(/\.pdf$/, '') }).waitFor()
      await expect.poll(() => statusTexts(page), VIEWER_WAIT).toContain(READY)
      uploaded.set(file, new URL(page.url()).pathname.split('/').pop()!)
      const seen = await statusTexts(page)
      const progress = seen.filter((text) => text.startsWith('Preparing PDF file: '))
      expect(progress.length).toBeGreaterThan(0)
      for (const text of progress) {
        expect(text).toMatch(new RegExp(`^Preparing PDF file: \\d+/${pages}$`))
      }
      // The ready notice comes after the progress, and goes away by itself.
      expect(seen.indexOf(READY)).toBeGreaterThan(seen.indexOf(progress[0]!))
      await page.getByText(READY).waitFor({ state: 'detached' })

      const selected = await selectTextWithMouse(page)
      expect(selected.trim().length).toBeGreaterThan(3)
      await page.getByRole('button', { name: 'Highlight green' }).click()
      await expect.poll(() => paintedMarkIds(page), VIEWER_WAIT).toHaveLength(1)
      const [markId] = await paintedMarkIds(page)
      expect(await highlightText(page, markId!)).toBe(selected)
      const pageIndex = await page
        .locator(`.inkmark-highlight[markid="${markId}"]`)
        .first()
        .evaluate((wrapper) =>
          wrapper.closest('.inkmark-pdf-page')?.getAttribute('data-page-index'),
        )
      await page.getByRole('link', { name: 'Notebook (1)' }).waitFor()
      await expectNoSeriousViolations(page)

      highlightPages.set(file, pageIndex ?? '0')

      await page.reload()
      // Pages are drawn when they come near the screen, and their highlights with them.
      await page
        .locator(`.inkmark-pdf-page[data-page-index="${pageIndex}"]`)
        .scrollIntoViewIfNeeded()
      await expect.poll(() => paintedMarkIds(page), VIEWER_WAIT).toEqual([markId])
      expect(await highlightText(page, markId!)).toBe(selected)
      const color = await page
        .locator(`.inkmark-highlight[markid="${markId}"]`)
        .first()
        .evaluate((wrapper) => getComputedStyle(wrapper).backgroundColor)
      expect(color).toBe('rgb(167, 232, 200)')
    })
  }

  it('highlights a selection across a page break and finds it again after a reload', async () => {
    const bookmarkId = uploaded.get('tracemonkey.pdf')!
    // Reached again from the page's detail, as a person finds it in the library.
    await page.goto(`${server.url}/page/${bookmarkId}`)
    await page.getByRole('link', { name: 'Open the PDF' }).click()
    await page.waitForURL(`${server.url}/pdf/${bookmarkId}`)
    const second = page.locator('.inkmark-pdf-page[data-page-index="1"]')
    await second.scrollIntoViewIfNeeded()
    await page.locator('.inkmark-pdf-page[data-page-index="1"] .textLayer span').first().waitFor()
    await page.locator('.inkmark-pdf-page[data-page-index="0"] .textLayer span').first().waitFor()
    // From the last words of page 1 to the first words of page 2, as a drag would select them.
    const selected = await page.evaluate(() => {
      const spans = (index: number) =>
        [
          ...document.querySelectorAll(
            `.inkmark-pdf-page[data-page-index="${index}"] .textLayer span:not(.markedContent)`,
          ),
        ].filter((span) => (span.textContent ?? '').trim().length > 3)
      const last = spans(0).at(-1)!
      const first = spans(1)[0]!
      const range = document.createRange()
      range.setStart(last.firstChild!, 0)
      range.setEnd(first.firstChild!, first.firstChild!.textContent!.length)
      const selection = document.getSelection()!
      selection.removeAllRanges()
      selection.addRange(range)
      return selection.toString()
    })
    // The upload's highlight is painted first: a late paint of it must not pass for the new one.
    await expect.poll(() => paintedMarkIds(page), VIEWER_WAIT).toHaveLength(1)
    const before = await paintedMarkIds(page)
    await page.getByRole('button', { name: 'Highlight blue' }).click()
    await expect
      .poll(async () => (await paintedMarkIds(page)).length, VIEWER_WAIT)
      .toBe(before.length + 1)
    const markId = (await paintedMarkIds(page)).find((id) => !before.includes(id))!
    const pagesOf = () =>
      page.evaluate(
        (id) => [
          ...new Set(
            [...document.querySelectorAll(`.inkmark-highlight[markid="${CSS.escape(id)}"]`)].map(
              (wrapper) => wrapper.closest('.inkmark-pdf-page')?.getAttribute('data-page-index'),
            ),
          ),
        ],
        markId,
      )
    expect(await pagesOf()).toEqual(['0', '1'])
    const painted = await highlightText(page, markId)
    // The selection's text, without the line breaks between text-layer lines and pages.
    expect(painted.replace(/\s+/g, '')).toBe(selected.replace(/\s+/g, ''))

    await page.reload()
    await page.locator('.inkmark-pdf-page[data-page-index="1"]').scrollIntoViewIfNeeded()
    await expect.poll(pagesOf, VIEWER_WAIT).toEqual(['0', '1'])
    expect(await highlightText(page, markId)).toBe(painted)
  })

  it('lets far pages go whole and draws them again, highlights painted again', async () => {
    // Still tracemonkey.pdf (14 pages), with the highlight across pages 1 and 2 (ADR 080).
    const drawnCanvases = (index: number) =>
      page.locator(`.inkmark-pdf-page[data-page-index="${index}"][data-drawn] canvas`).count()
    const highlighted = await paintedMarkIds(page)
    expect(highlighted.length).toBeGreaterThan(0)
    expect(await drawnCanvases(0)).toBe(1)

    await page.locator('.inkmark-pdf-page[data-page-index="13"]').scrollIntoViewIfNeeded()
    await textLayerDrawn(page, 13)
    await expect.poll(() => drawnCanvases(0), VIEWER_WAIT).toBe(0)
    // The far pages' text layers went with their pictures, highlights included; the boxes stay.
    await expect
      .poll(
        async () => (await paintedMarkIds(page)).filter((id) => highlighted.includes(id)),
        VIEWER_WAIT,
      )
      .toEqual([])
    expect(await page.locator('.inkmark-pdf-page').count()).toBe(14)

    await page.locator('.inkmark-pdf-page[data-page-index="0"]').scrollIntoViewIfNeeded()
    await expect.poll(() => drawnCanvases(0), VIEWER_WAIT).toBe(1)
    await expect.poll(() => paintedMarkIds(page), VIEWER_WAIT).toEqual(highlighted)
  })

  it('opens a highlight with the keyboard, writes its note, and deletes it for good', async () => {
    const [markId] = await paintedMarkIds(page)
    const highlight = page.locator(`.inkmark-highlight[markid="${markId}"][tabindex="0"]`)
    await highlight.focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('region', { name: 'Highlight' })
    await panel.waitFor()
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(await highlight.evaluate((element) => element === document.activeElement)).toBe(true)

    // A note, from the panel: Escape in the note leaves the panel open.
    await page.keyboard.press('Enter')
    await panel.getByRole('button', { name: 'Add note' }).click()
    const field = panel.getByRole('textbox', { name: 'Note' })
    await field.fill('Check the figure on page 3')
    await page.keyboard.press('Escape')
    expect(await panel.count()).toBe(1)
    await panel.getByRole('button', { name: 'Add note' }).click()
    await field.fill('Check the figure on page 3')
    await panel.getByRole('button', { name: 'Save note' }).click()
    await expect
      .poll(() => panel.locator('.mark-note').textContent())
      .toBe('Note: Check the figure on page 3')
    await expect.poll(() => page.locator('.pdf-status').textContent()).toContain('Note saved.')

    await panel.getByRole('button', { name: 'Delete highlight' }).click()
    await expect.poll(() => paintedMarkIds(page), VIEWER_WAIT).not.toContain(markId)
    await page.reload()
    await page.getByRole('region', { name: 'PDF pages' }).waitFor()
    await page.locator('.inkmark-pdf-page .textLayer span').first().waitFor()
    // The other highlight is painted again, the deleted one not.
    await expect.poll(() => paintedMarkIds(page), VIEWER_WAIT).toHaveLength(1)
    expect(await paintedMarkIds(page)).not.toContain(markId)
  })

  it('highlights the selection in the default colour with Alt+S', async () => {
    const before = await paintedMarkIds(page)
    const span = page.locator('.inkmark-pdf-page .textLayer span').filter({ hasText: /\w{6,}/ })
    await span.first().evaluate((element) => {
      element.scrollIntoView({ block: 'center' })
      const range = document.createRange()
      range.selectNodeContents(element)
      document.getSelection()!.removeAllRanges()
      document.getSelection()!.addRange(range)
    })
    await page.keyboard.press('Alt+S')
    await expect
      .poll(async () => (await paintedMarkIds(page)).length, VIEWER_WAIT)
      .toBe(before.length + 1)
    const markId = (await paintedMarkIds(page)).find((id) => !before.includes(id))!
    const color = await page
      .locator(`.inkmark-highlight[markid="${markId}"]`)
      .first()
      .evaluate((wrapper) => getComputedStyle(wrapper).backgroundColor)
    expect(color).toBe('rgb(253, 255, 180)')
  })

  it('refuses a file that is not a PDF with a clear message and stores nothing', async () => {
    await openPdfTab(page, server.url)
    const filesBefore = await countStoredPdfFiles(page)
    await page.getByLabel('Choose a PDF file').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('These are my notes, not a PDF.'),
    })
    await page
      .getByRole('alert')
      .filter({ hasText: "'notes.pdf' is not a PDF file. Choose a PDF document." })
      .waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await countStoredPdfFiles(page)).toBe(filesBefore)
    await expectNoSeriousViolations(page)
    await page
      .getByRole('dialog', { name: 'Add content' })
      .getByRole('button', { name: 'Close' })
      .click()
    await page.getByRole('link', { name: 'budlong' }).first().waitFor()
    expect(await page.getByRole('link', { name: 'notes' }).count()).toBe(0)
  })

  it('takes a dropped PDF, and a file of the same name opens its page with its highlight', async () => {
    await openPdfTab(page, server.url)
    const data = (await readFile(join(PDF_DIR, 'budlong.pdf'))).toString('base64')
    await page.locator('.pdf-drop-zone').evaluate((zone, base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], 'budlong.pdf', { type: 'application/pdf' }))
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        )
      }
    }, data)
    await page.waitForURL(`${server.url}/pdf/${uploaded.get('budlong.pdf')}`)
    await page
      .locator(`.inkmark-pdf-page[data-page-index="${highlightPages.get('budlong.pdf')}"]`)
      .scrollIntoViewIfNeeded()
    await expect.poll(() => paintedMarkIds(page), VIEWER_WAIT).toHaveLength(1)
    await page.getByRole('link', { name: 'Notebook (1)' }).waitFor()
  })

  it('says a PDF from another device is stored there, and takes the file here', async () => {
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await page.evaluate(() =>
      window.inkmarkSeed!([
        {
          _id: 'pdf-elsewhere',
          _objectStore: 'bookmarks',
          url: 'file:///other-device.pdf',
          title: 'A PDF from my laptop',
          isStarred: true,
          meta: { type: 'pdf', title: 'A PDF from my laptop' },
          createdAt: Date.now(),
        },
      ]),
    )
    expect(result.rejected).toEqual([])
    await page.goto(server.url + '/pdf/pdf-elsewhere')
    await page.getByRole('heading', { name: 'This PDF is stored on another device' }).waitFor()
    await expectNoSeriousViolations(page)
    await page
      .getByLabel('Upload the PDF on this device')
      .setInputFiles(join(PDF_DIR, 'budlong.pdf'))
    await page.getByRole('region', { name: 'PDF pages' }).waitFor()
    await page.locator('.inkmark-pdf-page .textLayer span').first().waitFor()
    await page.reload()
    await page.locator('.inkmark-pdf-page .textLayer span').first().waitFor()
    expect(await page.getByText('This PDF is stored on another device').count()).toBe(0)
  })
})
