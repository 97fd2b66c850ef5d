// The web app's library in Chromium, offline (no relay): the dashboard lists what the store holds,
// a tag filter goes into the URL and narrows the list, the search dialog finds a note and Enter
// opens its page, the page shows its highlights (a note that looks like HTML stays text), a note
// and a colour are changed there from the keyboard, deleting the last highlight of an unstarred page removes the page, and axe-core finds nothing serious or
// critical on each route, in light and dark; a change made in one tab shows in another at once.
import { createBookmark, createMark, parseFilters } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startClockAtTestNow, TEST_NOW } from './src/test-clock'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

const NOW = TEST_NOW
const HOUR = 3_600_000
const NOTE = 'Spaced repetition beats cramming, every time.'
const HTML_NOTE = '<img src=x onerror="document.title=\'pwned\'">'

const memory = createBookmark(
  {
    _id: 'page-memory',
    url: 'https://learning.example.org/memory',
    origin: 'learning.example.org',
    title: 'How memory works',
    tags: ['research'],
  },
  NOW - HOUR,
)
const cooking = createBookmark(
  {
    _id: 'page-cooking',
    url: 'https://food.example.com/bread',
    origin: 'food.example.com',
    title: 'Baking bread at home',
    tags: ['food'],
  },
  NOW - 2 * HOUR,
)
const starred = createBookmark(
  {
    _id: 'page-starred',
    url: 'https://news.example.net/story',
    title: 'A starred story',
    isStarred: true,
  },
  NOW - 30 * 24 * HOUR,
)
const marks = [
  createMark(
    {
      _id: 'mark-memory-1',
      _bookmark: memory._id,
      url: memory.url,
      title: memory.title,
      text: 'Memories are rebuilt each time they are recalled.',
      notes: NOTE,
      color: '#92ffaa',
      tags: ['recall'],
    },
    NOW - HOUR,
  ),
  createMark(
    {
      _id: 'mark-memory-2',
      _bookmark: memory._id,
      url: memory.url,
      title: memory.title,
      text: 'Sleep consolidates what was learned during the day.',
      notes: HTML_NOTE,
    },
    NOW - HOUR + 1000,
  ),
  createMark(
    {
      _id: 'mark-cooking-1',
      _bookmark: cooking._id,
      url: cooking.url,
      title: cooking.title,
      text: 'Let the dough rest overnight in the fridge.',
    },
    NOW - 2 * HOUR,
  ),
]

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('article.card .card-title a').allTextContents()
}

describe('the web app library', () => {
  let server: WebappServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await startClockAtTestNow(context)
    page = await context.newPage()
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await page.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [memory, cooking, starred, ...marks],
    )
    expect(result.rejected).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('shows the pages on the dashboard, grouped by date', async () => {
    await page.goto(server.url + '/')
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['How memory works', 'Baking bread at home', 'A starred story'])
    await expect(page.getByRole('heading', { name: /^Today/ }).count()).resolves.toBe(1)
    await expectNoSeriousViolations(page)
  })

  it('filters by tag, with the filter in the URL', async () => {
    await page.getByRole('button', { name: 'Add filter' }).click()
    await page.getByLabel('Filter by', { exact: true }).selectOption('tag')
    await page.getByLabel('Value', { exact: true }).selectOption('research')
    await expectNoSeriousViolations(page)
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Add filter' })
          .evaluate((b) => b === document.activeElement),
      )
      .toBe(true)
    await expect.poll(() => cardTitles(page)).toEqual(['How memory works'])
    const filters = new URL(page.url()).searchParams.get('filters')
    expect(parseFilters(filters)).toEqual([{ key: 'tag', value: 'research', logical: 'AND' }])
    // The URL alone brings the same view back.
    await page.reload()
    await expect.poll(() => cardTitles(page)).toEqual(['How memory works'])
    await page.getByRole('button', { name: 'Remove filter Tag: research' }).click()
    await expect.poll(() => cardTitles(page)).toHaveLength(3)
    expect(new URL(page.url()).searchParams.has('filters')).toBe(false)
  })

  it('lists highlights with the highlights preset', async () => {
    await page.getByRole('link', { name: 'Highlights', exact: true }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('marks')
    // The highlights' own cards (the pages' cards were three too).
    await expect
      .poll(() => page.locator('article.card').filter({ hasText: marks[0]!.text }).count())
      .toBe(1)
    await expect.poll(() => cardTitles(page)).toHaveLength(3)
    await expectNoSeriousViolations(page)
  })

  it('opens a page as a popup when the view says so', async () => {
    await page.goto(server.url + '/')
    await expect.poll(() => cardTitles(page)).toHaveLength(3)
    await page.getByLabel('Open pages as').selectOption('popup')
    const link = page.getByRole('link', { name: 'How memory works' })
    await link.click()
    const dialog = page.getByRole('dialog', { name: 'How memory works' })
    await expect.poll(() => dialog.locator('.mark-item').count()).toBe(2)
    const params = new URL(page.url()).searchParams
    expect([params.get('dialog'), params.get('bookmark')]).toEqual(['bookmark-details', memory._id])
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await expect
      .poll(() => link.evaluate((element) => element === document.activeElement))
      .toBe(true)
    await page.getByLabel('Open pages as').selectOption('page')
  })

  it('finds a note with the search dialog and opens its page with Enter', async () => {
    await page.goto(server.url + '/')
    await expect.poll(() => cardTitles(page)).toHaveLength(3)
    await page.keyboard.press('Control+K')
    const dialog = page.getByRole('dialog', { name: 'Search' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('combobox')
    // ArrowDown and ArrowUp move through the results, wrapping at the ends.
    await page.keyboard.type('memor')
    const selected = () => dialog.locator('[role=option][aria-selected=true]').textContent()
    await expect.poll(() => dialog.getByRole('status').textContent()).toContain('2 results')
    await expect.poll(selected).toContain('How memory works')
    await page.keyboard.press('ArrowDown')
    await expect.poll(selected).toContain('Memories are rebuilt')
    await page.keyboard.press('ArrowUp')
    await expect.poll(selected).toContain('How memory works')
    await page.keyboard.press('ArrowUp')
    await expect.poll(selected).toContain('Memories are rebuilt')
    await dialog.getByRole('combobox').fill('')
    await page.keyboard.type('cramming')
    await expect
      .poll(() => dialog.getByRole('option').allTextContents())
      .toEqual([expect.stringContaining(NOTE)])
    await expect(dialog.getByRole('group', { name: 'Notes' }).count()).resolves.toBe(1)
    await expectNoSeriousViolations(page)
    // Focus stays in the dialog: Tab from the last control comes back round.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(
        await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null),
      ).toBe(true)
    }
    await dialog.getByRole('combobox').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/page/${memory._id}`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('How memory works')
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('closes the search dialog with Escape and opens it with /', async () => {
    await page.goto(server.url + '/')
    await page.locator('main').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('/')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(new URL(page.url()).searchParams.has('dialog')).toBe(false)
    // Opened from the Search button, closing puts the focus back on it.
    const button = page.getByRole('button', { name: /^Search/ })
    await button.click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect
      .poll(() => button.evaluate((element) => element === document.activeElement))
      .toBe(true)
  })

  it('opens a tag from search as a filtered dashboard', async () => {
    await page.goto(`${server.url}/page/${memory._id}`)
    await expect.poll(() => page.locator('.mark-item').count()).toBe(2)
    await page.keyboard.press('Control+K')
    const dialog = page.getByRole('dialog', { name: 'Search' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await page.keyboard.type('research')
    await expect
      .poll(() => dialog.locator('[role=option][aria-selected=true]').textContent())
      .toContain('#research')
    await page.keyboard.press('Enter')
    await expect.poll(() => cardTitles(page)).toEqual(['How memory works'])
    expect(parseFilters(new URL(page.url()).searchParams.get('filters'))).toEqual([
      { key: 'tag', value: 'research' },
    ])
  })

  it('shows the page with its highlights, notes as text', async () => {
    await page.goto(`${server.url}/page/${memory._id}`)
    const items = page.locator('.mark-item')
    await expect.poll(() => items.count()).toBe(2)
    await expect(items.nth(0).locator('blockquote').textContent()).resolves.toBe(marks[0]!.text)
    await expect(items.nth(1).locator('.mark-note').textContent()).resolves.toContain(HTML_NOTE)
    expect(await page.locator('.mark-note img').count()).toBe(0)
    expect(await page.title()).not.toBe('pwned')
    await expectNoSeriousViolations(page)
    await page.getByRole('tab', { name: 'Reader' }).click()
    await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain('No saved copy yet')
    await expectNoSeriousViolations(page)
    // The AI chat tab has its own test (webapp-ai-chat.e2e.test.ts).
  })

  it("edits a highlight's note and colour in the notebook, from the keyboard", async () => {
    await page.goto(`${server.url}/page/${memory._id}`)
    const item = page.locator('.mark-item').filter({ hasText: marks[1]!.text })
    await item.getByRole('button', { name: 'Edit note' }).focus()
    await page.keyboard.press('Enter')
    const field = item.getByRole('textbox', { name: 'Note' })
    expect(await field.inputValue()).toBe(HTML_NOTE)
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true)
    await expectNoSeriousViolations(page)
    // Escape leaves the note as it was and gives the focus back.
    await field.fill('Not this')
    await page.keyboard.press('Escape')
    await expect.poll(() => item.locator('.mark-note').textContent()).toBe(`Note: ${HTML_NOTE}`)
    const edit = item.getByRole('button', { name: 'Edit note' })
    expect(await edit.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await field.fill('Sleep matters more than I thought.')
    await page.keyboard.press('Control+Enter')
    await expect
      .poll(() => item.locator('.mark-note').textContent())
      .toBe('Note: Sleep matters more than I thought.')

    // Cleared, the note is gone and "Add note" offers a new one; then the note comes back.
    await edit.click()
    await field.fill('   ')
    await item.getByRole('button', { name: 'Save note' }).click()
    const add = item.getByRole('button', { name: 'Add note' })
    await add.waitFor()
    expect(await item.locator('.mark-note').count()).toBe(0)
    await add.click()
    await field.fill(HTML_NOTE)
    await item.getByRole('button', { name: 'Save note' }).click()
    await expect.poll(() => item.locator('.mark-note').textContent()).toBe(`Note: ${HTML_NOTE}`)

    // The colours are a radio group: arrow keys move and choose; Space chooses the focused one.
    const colours = item.getByRole('radiogroup', { name: 'Colour of this highlight' })
    const blue = colours.getByRole('radio', { name: 'Blue' })
    await blue.focus()
    await page.keyboard.press('Space')
    await expect
      .poll(() => item.evaluate((element) => getComputedStyle(element).borderLeftColor))
      .toBe('rgb(195, 239, 252)')
    // Kept by the library: a reload shows the same.
    await page.reload()
    await expect.poll(() => blue.isChecked()).toBe(true)
    await expect.poll(() => item.locator('.mark-note').textContent()).toBe(`Note: ${HTML_NOTE}`)
    expect(await page.title()).not.toBe('pwned')
  })

  it('shows a change made in another tab at once, without a reload', async () => {
    const other = await page.context().newPage()
    await other.goto(`${server.url}/`)
    await expect.poll(() => cardTitles(other)).toHaveLength(3)
    const starOf = (title: string) =>
      other.locator('article.card', { hasText: title }).locator('.star').count()
    expect(await starOf('How memory works')).toBe(0)

    await page.goto(`${server.url}/page/${memory._id}`)
    const star = page.getByRole('button', { name: 'Save page', exact: true })
    await star.click()
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => starOf('How memory works')).toBe(1)
    // And back from the other tab: its page detail unstars, this tab's button follows.
    await other.goto(`${server.url}/page/${memory._id}`)
    await other.getByRole('button', { name: 'Save page', exact: true }).click()
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false')
    await other.close()
  })

  it('removes an unstarred page when its last highlight is deleted', async () => {
    await page.goto(`${server.url}/page/${cooking._id}`)
    await expect.poll(() => page.locator('.mark-item').count()).toBe(1)
    await page.getByRole('button', { name: 'Delete highlight' }).click()
    await expect.poll(() => page.getByText('so the page is removed too').count()).toBe(1)
    await page
      .getByRole('group', { name: 'Delete highlight' })
      .getByRole('button', { name: 'Delete highlight' })
      .click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    await expect.poll(() => cardTitles(page)).toEqual(['How memory works', 'A starred story'])
    await page.goto(`${server.url}/page/${cooking._id}`)
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Could not open the page. Page not found.')
    await expectNoSeriousViolations(page)
  })

  it('has no serious accessibility violations on the other routes, in dark mode too', async () => {
    await page.goto(`${server.url}/settings`)
    await expect.poll(() => page.getByRole('heading', { name: 'Settings' }).count()).toBe(1)
    await expectNoSeriousViolations(page)
    await page.goto(`${server.url}/no/such/route`)
    await expect.poll(() => page.getByText('Page Not Found: /no/such/route').count()).toBe(1)
    await expectNoSeriousViolations(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(`${server.url}/`)
    await expect.poll(() => cardTitles(page)).toHaveLength(2)
    await expectNoSeriousViolations(page)
    await page.goto(`${server.url}/page/${memory._id}`)
    await expect.poll(() => page.locator('.mark-item').count()).toBe(2)
    await expectNoSeriousViolations(page)
    await page.emulateMedia({ colorScheme: 'light' })
    // A phone-sized window: a small list by default, still no serious violations.
    await page.setViewportSize({ width: 375, height: 740 })
    await page.evaluate(() => localStorage.clear())
    await page.goto(`${server.url}/`)
    await expect.poll(() => cardTitles(page)).toHaveLength(2)
    expect(await page.locator('.card-row-list').count()).toBeGreaterThan(0)
    await expectNoSeriousViolations(page)
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('greets an empty library, then keeps 10,000 pages windowed', async () => {
    // A fresh context has its own, empty IndexedDB.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await startClockAtTestNow(context)
    const fresh = await context.newPage()
    await fresh.goto(server.url + '/')
    await expect
      .poll(() => fresh.getByText('No pages yet.').textContent())
      .toBe('No pages yet. Highlight text with the extension or import your highlights.')
    await expectNoSeriousViolations(fresh)

    const many = Array.from({ length: 10_000 }, (_, i) =>
      createBookmark(
        {
          _id: `many-${String(i).padStart(5, '0')}`,
          url: `https://site${i % 50}.example.com/${i}`,
          title: `Page number ${i}`,
          isStarred: true,
        },
        NOW - i * 60_000,
      ),
    )
    await fresh.goto(server.url + SEED_PAGE_PATH)
    await fresh.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await fresh.evaluate((entities) => window.inkmarkSeed!(entities), many)
    expect(result.saved).toHaveLength(10_000)

    // All 200 pages of 50 loaded: only the rows near the viewport are in the DOM.
    await fresh.goto(`${server.url}/?page=200&groupBy=none&sortBy=createdAt`)
    await expect.poll(() => cardTitles(fresh)).toContain('Page number 0')
    await expect(fresh.getByRole('status').first().textContent()).resolves.toBe('10000 pages')
    expect((await cardTitles(fresh)).length).toBeLessThan(100)
    await fresh.getByRole('region', { name: 'Pages' }).evaluate((scroller) => {
      scroller.scrollTop = scroller.scrollHeight
    })
    await expect.poll(() => cardTitles(fresh)).toContain('Page number 9999')
    expect((await cardTitles(fresh)).length).toBeLessThan(100)
    await context.close()
  })
})
