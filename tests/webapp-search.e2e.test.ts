// Search that finds (docs/adr/037-search.md), in the built web app in Chromium: words in any order
// of a highlight are found whatever the apostrophes, case and accents ("couple verdict" finds
// "couple's verdict", "cafe" finds "Café"), the matched words are marked in <mark> elements, the
// best result is first and Enter opens it; axe-core finds nothing serious in light and dark.
import { createBookmark, createMark } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startClockAtTestNow, TEST_NOW } from './src/test-clock'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

const HOUR = 3_600_000
const trial = createBookmark(
  {
    _id: 'page-trial',
    url: 'https://law.example.org/trial',
    origin: 'law.example.org',
    title: 'A long trial',
  },
  TEST_NOW - HOUR,
)
const cafes = createBookmark(
  {
    _id: 'page-cafes',
    url: 'https://food.example.com/cafes',
    origin: 'food.example.com',
    title: 'Café Society in Vienna',
  },
  TEST_NOW - 2 * HOUR,
)
const verdict = createMark(
  {
    _id: 'mark-verdict',
    _bookmark: trial._id,
    url: trial.url,
    title: trial.title,
    text: "In the end the couple's verdict was unanimous.",
  },
  TEST_NOW - HOUR,
)
const other = createMark(
  {
    _id: 'mark-other',
    _bookmark: trial._id,
    url: trial.url,
    title: trial.title,
    text: 'The jury took a long time over a verdict.',
  },
  TEST_NOW - HOUR + 1000,
)

describe('search in the web app', () => {
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
      [trial, cafes, verdict, other],
    )
    expect(result.rejected).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  async function openSearch() {
    await page.goto(server.url + '/')
    await expect.poll(() => page.locator('article.card').count()).toBe(2)
    await page.keyboard.press('Control+K')
    const dialog = page.getByRole('dialog', { name: 'Search' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    return dialog
  }

  it('finds "couple\'s verdict" by "couple verdict" with the words marked, and opens it', async () => {
    const dialog = await openSearch()
    await page.keyboard.type('couple verdict')
    const options = dialog.getByRole('option')
    await expect
      .poll(() => options.allTextContents())
      .toEqual([expect.stringContaining("the couple's verdict was unanimous")])
    await expect
      .poll(() => options.first().locator('mark').allTextContents())
      .toEqual(["couple's", 'verdict'])
    expect(await dialog.getByRole('status').textContent()).toContain('1 result.')
    for (const colorScheme of ['light', 'dark'] as const) {
      // Reduced motion: no colour transition is half-way when axe-core reads the colours.
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
      expect(await seriousAxeViolations(page)).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/page/${trial._id}`)
    expect(new URL(page.url()).hash).toBe(`#mark-${verdict._id}`)
  })

  it('ignores accents and case, matches the word being typed as a prefix, and ranks', async () => {
    const dialog = await openSearch()
    await page.keyboard.type('CAFE soc')
    const selected = dialog.locator('[role=option][aria-selected=true]')
    await expect.poll(() => selected.textContent()).toContain('Café Society in Vienna')
    await expect.poll(() => selected.locator('mark').allTextContents()).toEqual(['Café', 'Society'])
    // Both highlights say "verdict": ArrowDown moves from the first to the second.
    await dialog.getByRole('combobox').fill('')
    await page.keyboard.type('verd')
    await expect.poll(() => dialog.getByRole('option').count()).toBe(2)
    const first = await selected.textContent()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => selected.textContent()).not.toBe(first)
    expect(await selected.locator('mark').allTextContents()).toEqual(['verdict'])
  })
})
