// Learning in the built web app, in Chromium on the real store: a whole session by keyboard
// (Space reveals, 1/2/3 answer, D discards, Escape leaves) and its result, discard with Undo and
// undiscard from the page's notebook, the notebook's memory level, a streak built over three days
// on the test clock, the dashboard's teaser and the two learning dialogs, learning by tag, and
// axe-core on every learning view in light and dark. Each test has a browser context of its own
// (a fresh library), seeded with its highlights and with the prompts answered.
import {
  createBookmark,
  createLearningItem,
  createMark,
  parseFilters,
  type Mark,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startClockAtTestNow, TEST_NOW } from './src/test-clock'
import {
  SEED_PAGE_PATH,
  startWebapp,
  type WebappServer,
  answeredPrompts,
} from './src/webapp-server'

const DAY = 86_400_000
const MINUTE = 60_000

const book = createBookmark(
  {
    _id: 'page-cells',
    url: 'https://biology.example.org/cells',
    origin: 'biology.example.org',
    title: 'How cells work',
    isStarred: true,
  },
  TEST_NOW - DAY,
)
const other = createBookmark(
  {
    _id: 'page-stars',
    url: 'https://space.example.net/stars',
    origin: 'space.example.net',
    title: 'Why stars shine',
    isStarred: true,
  },
  TEST_NOW - DAY,
)

/** `count` highlights on the cells page, oldest first (a session takes the oldest new ones). */
function highlights(
  count: number,
  overrides: (index: number) => Partial<Mark> = () => ({}),
): Mark[] {
  return Array.from({ length: count }, (_, index) =>
    createMark(
      {
        _id: `mark-${String(index).padStart(2, '0')}`,
        _bookmark: book._id,
        url: book.url,
        origin: book.origin,
        title: book.title,
        text: `Fact number ${index} about cells.`,
        tags: index % 2 === 0 ? ['biology'] : [],
        ...overrides(index),
      },
      TEST_NOW - DAY + index * MINUTE,
    ),
  )
}

describe('learning in the web app', () => {
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

  /** A fresh library with `entities` (and the prompts answered), its clock at TEST_NOW. */
  async function openLibrary(
    entities: readonly unknown[],
    viewport = { width: 1200, height: 900 },
  ): Promise<Page> {
    const context = await browser.newContext({ viewport })
    contexts.push(context)
    await startClockAtTestNow(context)
    const page = await context.newPage()
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const result = await page.evaluate(
      (seed) => window.inkmarkSeed!(seed),
      [...entities, answeredPrompts],
    )
    expect(result.rejected).toEqual([])
    return page
  }

  async function openLearning(page: Page, search = '') {
    await page.goto(`${server.url}/learning${search}`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toMatch(/^Learning/)
  }

  const progressText = (page: Page) =>
    page.locator('.learning-session__progress [role="status"]').textContent()

  /** Answers the card shown with `key` (1, 2 or 3), by keyboard, and waits for the next one. */
  async function answerByKeyboard(page: Page, key: '1' | '2' | '3', position: string) {
    await expect.poll(() => progressText(page)).toBe(`Card ${position}`)
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByRole('button', { name: /^Don't know/ }).count()).toBe(1)
    await page.keyboard.press(key)
  }

  /** Starts today's session from the dashboard by keyboard. */
  async function startByKeyboard(page: Page) {
    const start = page.getByRole('link', { name: 'Start learning' })
    await expect.poll(() => start.count()).toBe(1)
    await start.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => progressText(page)).toMatch(/^Card 1 of /)
  }

  it('runs a whole session by keyboard and shows its result', async () => {
    const notes = highlights(12, (index) =>
      index === 0 ? { notes: 'A note with <b>tags</b> kept as text' } : {},
    )
    const page = await openLibrary([book, ...notes])
    await openLearning(page)
    expect(await page.locator('.learning-progress').textContent()).toContain(
      'Learned today: 0 of 10',
    )
    expect(await page.locator('.learning-stats').textContent()).toContain('12 cards')
    expect(await page.locator('.learning-levels').textContent()).toContain('Not Yet Learned')
    await startByKeyboard(page)

    // The first card: the front, then its answer side (the note as text, never as HTML).
    expect(await page.locator('.learning-card__text').textContent()).toBe(
      'Fact number 0 about cells.',
    )
    expect(await page.locator('.learning-card__page').textContent()).toContain('How cells work')
    expect(await page.locator('.learning-card__note').count()).toBe(0)
    await page.keyboard.press('Space')
    await expect
      .poll(() => page.locator('.learning-card__note').textContent())
      .toBe('A note with <b>tags</b> kept as text')
    expect(await page.locator('.learning-card b').count()).toBe(0)
    expect(await page.locator('.learning-card').getByText('#biology').count()).toBe(1)
    expect(
      await page
        .getByRole('link', { name: 'Open this highlight in its page' })
        .getAttribute('href'),
    ).toBe(`/page/${book._id}#mark-mark-00`)
    // Each answer says when it brings the card back.
    expect(await page.getByRole('button', { name: /^Don't know/ }).textContent()).toContain(
      'back tomorrow',
    )
    expect(await page.getByRole('button', { name: /^I know/ }).textContent()).toMatch(
      /back in \d+ days/,
    )
    await page.keyboard.press('3')

    // Nine more: know, don't know, neutral in turn, one discarded with D.
    const keys = ['1', '2', '3', '1', '2', '3', '1', '2'] as const
    for (const [index, key] of keys.entries()) {
      await answerByKeyboard(page, key, `${index + 2} of 10`)
    }
    await expect.poll(() => progressText(page)).toBe('Card 10 of 10')
    await page.keyboard.press('d')
    await expect
      .poll(() => page.getByRole('alertdialog').first().textContent())
      .toContain('Discarded! This highlight will no longer show up in your learning sessions.')

    // The result.
    await expect.poll(() => page.getByRole('heading', { name: 'Session complete' }).count()).toBe(1)
    const result = page.locator('.learning-result')
    expect(await result.locator('.learning-result__summary').textContent()).toBe(
      'You learned 9 cards and discarded 1 card.',
    )
    const stats = await result.locator('.learning-stats').textContent()
    expect(stats).toContain("Don't know3 cards")
    expect(stats).toContain('Neutral3 cards')
    expect(stats).toContain('I know3 cards')
    expect(stats).toContain('Current streak0 days')
    // The figures follow the store (the last write lands a moment after the result shows).
    await expect
      .poll(() => result.locator('.learning-progress').textContent())
      .toContain('Learned today: 9 of 10')
    await expect.poll(() => result.locator('.learning-next').textContent()).toContain('tomorrow')
    expect(await result.locator('.learning-learned li').count()).toBe(9)

    // One slot is left today: the next session has one card, and Escape leaves it. (Links move
    // within the app: a reload could cut the last write short, as closing the tab would.)
    await page.getByRole('link', { name: 'Back to the learning dashboard' }).click()
    await expect
      .poll(() => page.locator('.learning-progress').textContent())
      .toContain('Learned today: 9 of 10')
    await startByKeyboard(page)
    expect(await progressText(page)).toBe('Card 1 of 1')
    await page.keyboard.press('Escape')
    await expect.poll(() => new URL(page.url()).search).toBe('')
    await expect.poll(() => page.getByRole('link', { name: 'Start learning' }).count()).toBe(1)
  })

  it('discards a card with Undo, and discards and brings it back from the notebook', async () => {
    const page = await openLibrary([book, ...highlights(3)])
    await openLearning(page, '?view=session')
    await expect.poll(() => progressText(page)).toBe('Card 1 of 3')
    await page.keyboard.press('d')
    const undo = page.getByRole('button', { name: 'Undo' })
    await expect.poll(() => undo.count()).toBe(1)
    await expect.poll(() => progressText(page)).toBe('Card 2 of 3')
    await undo.click()

    // The notebook (reached by the card's link, within the app): the card is back in learning.
    const item = page.locator('#mark-mark-00')
    await page.getByRole('button', { name: /^Show answer/ }).click()
    await page.getByRole('link', { name: 'Open this highlight in its page' }).click()
    await expect
      .poll(() => item.locator('.mark-learning').textContent())
      .toContain('Not Yet Learned')
    await item.getByRole('button', { name: 'Discard from learning' }).click()
    await expect.poll(() => item.locator('.mark-learning').textContent()).toContain('Discarded')
    await expect
      .poll(() => page.getByRole('alertdialog').first().textContent())
      .toContain('Discarded! This highlight will no longer show up in your learning sessions.')
    // A discarded card stays out of sessions...
    await openLearning(page, '?view=session')
    await expect.poll(() => progressText(page)).toBe('Card 1 of 2')
    expect(await page.locator('.learning-card__text').textContent()).toBe(
      'Fact number 1 about cells.',
    )
    // ... until it is brought back.
    await page.goto(`${server.url}/page/${book._id}`)
    await item.getByRole('button', { name: 'Bring back to learning' }).click()
    await expect
      .poll(() => item.locator('.mark-learning').textContent())
      .toContain('Not Yet Learned')
    // The toast follows the stored write.
    await expect
      .poll(() => page.getByRole('alertdialog').first().textContent())
      .toContain('This highlight is back in your learning sessions.')
    await openLearning(page, '?view=session')
    await expect.poll(() => progressText(page)).toBe('Card 1 of 3')
  })

  it("shows a learned highlight's memory level and next review in its page's notebook", async () => {
    const page = await openLibrary([book, ...highlights(2)])
    await page.goto(`${server.url}/page/${book._id}`)
    const first = page.locator('#mark-mark-00 .mark-learning')
    await expect.poll(() => first.textContent()).toContain('Not Yet Learned')
    expect(await first.textContent()).not.toContain('next review')

    await openLearning(page, '?view=session')
    await answerByKeyboard(page, '3', '1 of 2')
    await expect.poll(() => progressText(page)).toBe('Card 2 of 2')
    await page.keyboard.press('Space')
    await page.getByRole('link', { name: 'Open this highlight in its page' }).click()
    // I know on a new card: 3 days out, a low confidence ('Likely to forget').
    await expect.poll(() => first.textContent()).toContain('Likely to forget')
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
      new Date(TEST_NOW + 3 * DAY),
    )
    expect(await first.textContent()).toContain(`next review ${expected}`)
    expect(await page.locator('#mark-mark-01 .mark-learning').textContent()).toContain(
      'Not Yet Learned',
    )

    // The dashboard's highlights, filtered by memory level.
    await page.goto(`${server.url}/?type=marks`)
    await expect.poll(() => page.locator('article.card').count()).toBe(2)
    await page.getByRole('button', { name: 'Add filter' }).click()
    await page.getByLabel('Filter by', { exact: true }).selectOption('memoryLevel')
    await page.getByLabel('Value', { exact: true }).selectOption('NEW_KNOWLEDGE')
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(() => page.locator('article.card').count()).toBe(1)
    expect(await page.locator('article.card').textContent()).toContain('Fact number 0 about cells.')
    expect(
      parseFilters(new URL(page.url()).searchParams.get('filters')).map((filter) => filter.value),
    ).toEqual(['NEW_KNOWLEDGE'])
    expect(
      await page
        .getByRole('button', { name: 'Remove filter Memory level: Likely to forget' })
        .count(),
    ).toBe(1)
    // The pages list: the page with that highlight.
    await page.goto(new URL(page.url()).href.replace('type=marks', 'type=bookmarks'))
    await expect.poll(() => page.locator('article.card').count()).toBe(1)
  })

  it('builds a streak over three days of ten cards and marks them in the calendar', async () => {
    const page = await openLibrary([book, ...highlights(40)])
    for (let day = 0; day < 3; day += 1) {
      await page.clock.setSystemTime(TEST_NOW + day * DAY)
      await openLearning(page)
      await startByKeyboard(page)
      for (let card = 1; card <= 10; card += 1) {
        await answerByKeyboard(page, '3', `${card} of 10`)
      }
      await expect
        .poll(() => page.getByRole('heading', { name: 'Session complete' }).count())
        .toBe(1)
      // The figures follow the store: the last answer's write lands a moment after the result.
      await expect
        .poll(() => page.locator('.learning-result .learning-stats').textContent())
        .toContain(`Current streak${day + 1 === 1 ? '1 day' : `${day + 1} days`}`)
      // The target is reached: the dashboard says so instead of offering a session.
      await openLearning(page)
      await expect
        .poll(() => page.locator('.learning-done').textContent())
        .toContain('Done for today')
      expect(await page.getByRole('link', { name: 'Start learning' }).count()).toBe(0)
    }

    await openLearning(page, '?view=streak')
    const stats = page.locator('.learning-streak .learning-stats')
    await expect.poll(() => stats.textContent()).toContain('Current streak3 days')
    expect(await stats.textContent()).toContain('Longest streak3 days')
    expect(await page.locator('.learning-calendar li').count()).toBe(42)
    expect(await page.locator('.learning-calendar li[data-reached="true"]').count()).toBe(3)
    expect(await page.locator('.learning-calendar li').last().getAttribute('aria-label')).toContain(
      '10 cards learned, target reached',
    )

    // A day missed breaks the current streak; the longest stays.
    await page.clock.setSystemTime(TEST_NOW + 4 * DAY)
    await openLearning(page, '?view=streak')
    await expect.poll(() => stats.textContent()).toContain('Current streak0 days')
    expect(await stats.textContent()).toContain('Longest streak3 days')

    // The cards learned come back on the schedule (I know on a new card: 3 days later).
    await openLearning(page, '?view=schedule')
    await expect
      .poll(() => page.locator('.learning-schedule__days li').first().textContent())
      .toMatch(/^Today\d+ reviews$/)
  })

  it('shows the teaser until it is closed for the day, and the two learning dialogs', async () => {
    const page = await openLibrary([book, ...highlights(12)])
    await page.goto(server.url + '/')
    const teaser = page.getByRole('complementary', { name: 'Learning reminder' })
    await expect.poll(() => teaser.count()).toBe(1)
    expect(await teaser.textContent()).toContain('12 cards to learn today (0 of 10 done).')

    // Progress opens the learning-dashboard dialog.
    await teaser.getByRole('button', { name: 'Progress' }).click()
    const progress = page.getByRole('dialog', { name: 'Learning progress' })
    await expect.poll(() => progress.count()).toBe(1)
    expect(await progress.textContent()).toContain('Learned today: 0 of 10')
    expect(await progress.textContent()).toContain('Not Yet Learned12 cards')
    await page.keyboard.press('Escape')
    await expect.poll(() => progress.count()).toBe(0)

    // Closed: gone for today, also after a reload; back the next day.
    await teaser.getByRole('button', { name: 'Close the learning reminder for today' }).click()
    await expect.poll(() => teaser.count()).toBe(0)
    // The closed teaser's button does not drop the keyboard on the body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
    await page.reload()
    await expect.poll(() => page.locator('article.card').count()).toBeGreaterThan(0)
    expect(await teaser.count()).toBe(0)
    await page.clock.setSystemTime(TEST_NOW + DAY)
    await page.reload()
    await expect.poll(() => teaser.count()).toBe(1)

    // The learning-reminder dialog, from any page, starts a session.
    await page.goto(`${server.url}/page/${book._id}?dialog=learning-reminder`)
    const reminder = page.getByRole('dialog', { name: 'Time to learn' })
    await expect.poll(() => reminder.count()).toBe(1)
    expect(await reminder.textContent()).toContain('12 cards waiting for you today.')
    expect(await reminder.textContent()).toContain(
      "Learn 10 more cards to reach today's target of 10",
    )
    // Its switch turns the teaser off (synced settings).
    await reminder.getByRole('switch', { name: 'Remind me on the dashboard' }).focus()
    await page.keyboard.press('Space')
    await expect.poll(() => reminder.getByRole('switch').isChecked()).toBe(false)
    await reminder.getByRole('button', { name: 'Start learning' }).click()
    await expect.poll(() => progressText(page)).toBe('Card 1 of 10')
    await page.goto(server.url + '/')
    await expect.poll(() => page.locator('article.card').count()).toBeGreaterThan(0)
    expect(await teaser.count()).toBe(0)
  })

  it('learns by tag from the categories', async () => {
    const page = await openLibrary([
      book,
      other,
      ...highlights(6),
      createMark(
        {
          _id: 'mark-star',
          _bookmark: other._id,
          url: other.url,
          origin: other.origin,
          title: other.title,
          text: 'Stars fuse hydrogen.',
          tags: ['space'],
        },
        TEST_NOW - DAY,
      ),
    ])
    await openLearning(page, '?view=categories')
    const biology = page.getByRole('link', { name: /^#biology/ })
    await expect.poll(() => biology.textContent()).toContain('3 cards due, 3 cards in all')
    expect(await page.getByRole('link', { name: /^space\.example\.net/ }).textContent()).toContain(
      '1 card due, 1 card in all',
    )
    await biology.click()
    await expect.poll(() => progressText(page)).toBe('Card 1 of 3')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Learning session: #biology',
    )
    for (const position of ['1 of 3', '2 of 3', '3 of 3']) {
      await answerByKeyboard(page, '2', position)
    }
    await expect.poll(() => page.getByRole('heading', { name: 'Session complete' }).count()).toBe(1)
    await expect
      .poll(() => page.locator('.learning-result .learning-progress').textContent())
      .toContain('Learned today: 3 of 10')
    await openLearning(page, '?view=categories')
    await expect
      .poll(() => page.locator('.learning-category', { hasText: '#biology' }).textContent())
      .toContain('0 cards due, 3 cards in all')
  })

  it('fits a phone: no view is wider than the screen and the answers stay in reach', async () => {
    const page = await openLibrary([book, ...highlights(12)], { width: 390, height: 844 })
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
    for (const view of ['', '?view=categories', '?view=schedule', '?view=streak']) {
      await openLearning(page, view)
      expect(await fits()).toBe(true)
    }
    await openLearning(page, '?view=session')
    await expect.poll(() => progressText(page)).toBe('Card 1 of 10')
    await page.keyboard.press('Space')
    const know = page.getByRole('button', { name: /^I know/ })
    await expect.poll(() => know.isVisible()).toBe(true)
    expect(await fits()).toBe(true)
    const box = await know.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    await know.click()
    await expect.poll(() => progressText(page)).toBe('Card 2 of 10')
  })

  /** Opens a library with reviewed highlights; checks every learning view in `colorScheme` with axe. */
  async function learningViewsAreClean(colorScheme: 'light' | 'dark') {
    const reviewed = highlights(14, (index) =>
      index < 4
        ? {
            learningItem: createLearningItem({
              repetitions: 2,
              interval: 6,
              lastLearned: TEST_NOW - 3 * DAY,
              lastLearnedHistory: [TEST_NOW - 9 * DAY, TEST_NOW - 3 * DAY],
              nextReviewInMillis: TEST_NOW + index * DAY,
            }),
          }
        : {},
    )
    const page = await openLibrary([book, ...reviewed])
    const expectClean = async (what: string) => {
      expect({ what, violations: await seriousAxeViolations(page) }).toEqual({
        what,
        violations: [],
      })
    }
    await page.emulateMedia({ colorScheme })
    await openLearning(page)
    await expect.poll(() => page.locator('.learning-levels li').count()).toBe(7)
    await expectClean(`dashboard ${colorScheme}`)
    for (const view of ['categories', 'schedule', 'streak']) {
      await openLearning(page, `?view=${view}`)
      await expect.poll(() => page.locator(`.learning-${view}`).count()).toBe(1)
      await expectClean(`${view} ${colorScheme}`)
    }
    await openLearning(page, '?view=session')
    await expect.poll(() => progressText(page)).toMatch(/^Card 1 of /)
    await expectClean(`session ${colorScheme}`)
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByRole('button', { name: /^I know/ }).count()).toBe(1)
    await expectClean(`session answer ${colorScheme}`)
    await page.goto(`${server.url}/learning?dialog=learning-dashboard`)
    await expect.poll(() => page.getByRole('dialog', { name: 'Learning progress' }).count()).toBe(1)
    await expectClean(`learning-dashboard dialog ${colorScheme}`)
    await page.goto(`${server.url}/?dialog=learning-reminder`)
    await expect.poll(() => page.getByRole('dialog', { name: 'Time to learn' }).count()).toBe(1)
    await expectClean(`learning-reminder dialog ${colorScheme}`)
    await page.goto(`${server.url}/`)
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Learning reminder' }).count())
      .toBe(1)
    await expectClean(`teaser ${colorScheme}`)
    await page.goto(`${server.url}/settings`)
    const fsrs = page.getByRole('switch', { name: 'Advanced scheduler (FSRS)' })
    await expect.poll(() => fsrs.count()).toBe(1)
    if (!(await fsrs.isChecked())) {
      await fsrs.focus()
      await page.keyboard.press('Space')
    }
    await expect.poll(() => page.getByRole('button', { name: /Desired retention/ }).count()).toBe(1)
    expect(await page.getByRole('button', { name: /Desired retention/ }).textContent()).toContain(
      '90% (default)',
    )
    await expectClean(`settings ${colorScheme}`)
    return { page, expectClean }
  }

  it('has no serious accessibility violations on any learning view, dark', async () => {
    await learningViewsAreClean('dark')
  })

  it('has no serious accessibility violations on any learning view, light, nor on the result and the empty dashboard', async () => {
    const { page, expectClean } = await learningViewsAreClean('light')
    // The session result (the same screen in both schemes), and the empty dashboard of a library
    // without highlights.
    await openLearning(page, '?view=session')
    await expect.poll(() => progressText(page)).toMatch(/^Card 1 of /)
    const total = Number((await progressText(page))!.split(' of ')[1])
    for (let card = 1; card <= total; card += 1) {
      await answerByKeyboard(page, '1', `${card} of ${total}`)
    }
    await expect.poll(() => page.getByRole('heading', { name: 'Session complete' }).count()).toBe(1)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await expectClean(`result ${colorScheme}`)
    }
    const empty = await openLibrary([])
    for (const colorScheme of ['light', 'dark'] as const) {
      await empty.emulateMedia({ colorScheme })
      await empty.goto(`${server.url}/learning`)
      await expect
        .poll(() => empty.getByRole('heading', { name: 'No cards to learn yet' }).count())
        .toBe(1)
      expect({ violations: await seriousAxeViolations(empty) }).toEqual({ violations: [] })
    }
  })
})
