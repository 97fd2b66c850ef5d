// The web app's tag editor suggests the library's tags by the spec's scores (section 5; ADR 078):
// in the order of exact, prefix, contains and edit distance plus the popularity bonus, without the
// page's own tags whatever their case, from the keyboard (arrows, Enter, Escape), and stores what
// is typed cleaned; axe finds nothing serious with the list open.
import { createBookmark } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startClockAtTestNow, TEST_NOW } from './src/test-clock'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

const page0 = createBookmark(
  {
    _id: 'page-tagged',
    url: 'https://tags.example.org/article',
    origin: 'tags.example.org',
    title: 'An article to tag',
    tags: ['WebDesign'],
  },
  TEST_NOW,
)

/** Other pages carrying the library's tags: design ×4, designer ×9, webdesign ×5, sign ×10, deign ×3. */
const others = Object.entries({ design: 4, designer: 9, webdesign: 5, sign: 10, deign: 3 }).flatMap(
  ([tag, count]) =>
    Array.from({ length: count }, (_, index) =>
      createBookmark(
        {
          _id: `page-${tag}-${index}`,
          url: `https://tags.example.org/${tag}/${index}`,
          origin: 'tags.example.org',
          title: `${tag} ${index}`,
          tags: [tag],
          isStarred: true,
        },
        TEST_NOW - 60_000,
      ),
    ),
)

async function options(page: Page): Promise<string[]> {
  const list = page.getByRole('listbox')
  return (await list.count()) === 0 ? [] : list.getByRole('option').allTextContents()
}

describe('the web app tag editor', () => {
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
      [page0, ...others],
    )
    expect(result.rejected).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it("suggests in the spec's order without the page's own tags, from the keyboard, and stores cleaned tags", async () => {
    await page.goto(`${server.url}/page/${page0._id}`)
    const field = page.getByRole('combobox', { name: 'Add a tag to this page' })
    await field.fill('design')
    // 'webdesign' is the page's own ('WebDesign'): left out.
    await expect.poll(() => options(page)).toEqual(['design', 'designer', 'sign', 'deign'])
    expect(await seriousAxeViolations(page)).toEqual([])

    await field.press('ArrowDown')
    await field.press('ArrowDown')
    await expect
      .poll(() => page.getByRole('option', { selected: true }).textContent())
      .toBe('designer')
    await field.press('Enter')
    const chips = page.getByRole('list', { name: 'Tags of this page' })
    const chip = (tag: string) =>
      chips.getByRole('button', { name: `Remove tag ${tag}`, exact: true })
    await expect.poll(() => chip('designer').count()).toBe(1)
    await field.fill('design')
    await expect.poll(() => options(page)).toEqual(['design', 'sign', 'deign'])

    // Escape closes the list; Enter then adds what was typed, cleaned.
    await field.fill(' #Deep Work ')
    await field.press('Escape')
    await field.press('Enter')
    await expect.poll(() => chip('DeepWork').count()).toBe(1)
    // A tag it has, in another case, is not added twice.
    await field.fill('DESIGNER')
    await field.press('Escape')
    await field.press('Enter')
    await expect
      .poll(async () => (await chips.getByRole('listitem').allTextContents()).length)
      .toBe(3)
  })
})
