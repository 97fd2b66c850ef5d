// Ask your library in the built web app in Chromium, against a stand-in of an OpenAI-compatible
// endpoint on loopback: the answer cites the highlights it used, each [n] a link that opens the
// page detail at that highlight; only the passages found go to the endpoint; a question no
// highlight answers is told so without any request; the answer is saved (a reload shows it, with
// its links); an empty library gets its own empty state; the answer counts toward the chat daily
// limit. axe-core finds nothing serious in light and dark.
import { ASK_LIBRARY_NOTHING_FOUND, createBookmark, createMark } from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import {
  OPENAI_STAND_IN_MODEL,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from './src/openai-stand-in'
import { TEST_NOW } from './src/test-clock'
import {
  chatMessages,
  replySaved,
  endpointSettings,
  messageBox,
  openSeededApp,
  sendMessage,
} from './src/webapp-ai-chat-page'
import { startWebapp, type WebappServer } from './src/webapp-server'

const HOUR = 3_600_000
const BOX = 'Ask your library'

const memory = createBookmark(
  { _id: 'page-memory', url: 'https://mind.example.org/memory', title: 'How memory works' },
  TEST_NOW - HOUR,
)
const bread = createBookmark(
  { _id: 'page-bread', url: 'https://food.example.com/bread', title: 'Sourdough at home' },
  TEST_NOW - HOUR,
)
const spacing = createMark(
  {
    _id: 'mark-spacing',
    _bookmark: memory._id,
    url: memory.url,
    title: memory.title,
    text: 'Spaced repetition strengthens long-term memory more than cramming.',
    notes: 'Use it for Spanish vocabulary.',
  },
  TEST_NOW - HOUR,
)
const sleep = createMark(
  {
    _id: 'mark-sleep',
    _bookmark: memory._id,
    url: memory.url,
    title: memory.title,
    text: 'During deep sleep the hippocampus replays the day.',
  },
  TEST_NOW - HOUR + 1000,
)
const starter = createMark(
  {
    _id: 'mark-starter',
    _bookmark: bread._id,
    url: bread.url,
    title: bread.title,
    text: 'Feed the sourdough starter flour and water every day.',
  },
  TEST_NOW - HOUR,
)
// Enough highlights on the memory page that the cited one is below the fold when the page opens.
const fillers = Array.from({ length: 12 }, (_, index) =>
  createMark(
    {
      _id: `mark-filler-${index}`,
      _bookmark: memory._id,
      url: memory.url,
      title: memory.title,
      text: `A passage about the hippocampus, number ${index + 1}, to fill the notebook.`,
    },
    TEST_NOW - 2 * HOUR - index,
  ),
)
const library = [memory, bread, ...fillers, spacing, sleep, starter]

describe('Ask your library in the web app', () => {
  let server: WebappServer
  let browser: Browser
  let standIn: OpenAiStandIn
  let context: BrowserContext | undefined

  beforeAll(async () => {
    standIn = await startOpenAiStandIn()
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterEach(async () => {
    await context?.close()
    context = undefined
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await standIn?.close()
  })

  async function openAsk(entities: readonly unknown[] = library): Promise<Page> {
    const opened = await openSeededApp(browser, server, {
      entities,
      settings: endpointSettings(standIn.url, OPENAI_STAND_IN_MODEL),
    })
    context = opened.context
    await opened.page.goto(`${server.url}/ask`)
    await opened.page.getByRole('heading', { level: 1, name: 'Ask your library' }).waitFor()
    return opened.page
  }

  it('answers with citations that open the highlights, sending only the passages found', async () => {
    const page = await openAsk()
    await expect
      .poll(() => page.getByRole('main').textContent())
      .toContain('Ask about what you have read')
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])

    const before = standIn.chatRequests().length
    standIn.reply({
      chunks: ['Spacing your reviews ', 'strengthens memory [1], ', 'and so does sleep [2].'],
    })
    await sendMessage(page, BOX, 'How does spaced repetition help memory?')
    const answer = chatMessages(page).nth(1)
    await expect
      .poll(() => answer.locator('.chat-message__answer').textContent())
      .toBe(
        'Spacing your reviews strengthens memory [1] (source: How memory works), and so does sleep [2] (source: How memory works).',
      )

    // What went to the endpoint: the numbered passages found and the question, nothing else.
    const request = standIn.chatRequests()[before]!
    const system = request.messages[0]!.content
    expect(system).toContain(`[1] From "How memory works"`)
    expect(system).toContain(spacing.text)
    expect(system).toContain('Use it for Spanish vocabulary.')
    expect(JSON.stringify(request.messages)).not.toContain('sourdough')
    expect(request.messages.at(-1)).toEqual({
      role: 'user',
      content: 'How does spaced repetition help memory?',
    })
    const numbered = [...system.matchAll(/^\[(\d+)\] From/gm)].map((match) => Number(match[1]))
    const cited = answer.locator('.chat-message__answer a')
    const names = ['[1] (source: How memory works)', '[2] (source: How memory works)']
    expect(await cited.allTextContents()).toEqual(names)
    expect(await cited.first().getAttribute('href')).toBe(`/page/${memory._id}#mark-${spacing._id}`)
    expect(numbered.length).toBeGreaterThanOrEqual(2)
    // The sources under the answer: the cited highlights, with their pages.
    const sources = answer.getByRole('region', { name: 'Sources' })
    expect(await sources.getByRole('listitem').first().textContent()).toBe(
      `${spacing.text} (How memory works)`,
    )
    expect(await sources.getByRole('link').count()).toBe(2)
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])

    // A reload shows the saved answer with its links.
    await page.reload()
    await expect.poll(() => chatMessages(page).count()).toBe(2)
    expect(await cited.allTextContents()).toEqual(names)

    // The citation opens the page detail at the highlight, scrolled into view and marked.
    await cited.first().click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/page/${memory._id}`)
    expect(new URL(page.url()).hash).toBe(`#mark-${spacing._id}`)
    const highlight = page.locator(`#mark-${spacing._id}`)
    await expect.poll(() => highlight.getAttribute('data-linked')).toBe('true')
    await expect
      .poll(() =>
        highlight.evaluate((element) => {
          const box = element.getBoundingClientRect()
          return box.top >= 0 && box.bottom <= window.innerHeight
        }),
      )
      .toBe(true)
    expect(await highlight.locator('blockquote').textContent()).toBe(spacing.text)
  })

  it('shows a hostile answer as text: no markup, no script, links only to the web', async () => {
    const page = await openAsk()
    const title = await page.title()
    standIn.reply({
      text:
        'Spacing works [1]. <img src="x" onerror="document.title=\'pwned\'"> ' +
        "[click](javascript:document.title='pwned') [home](/settings) [docs](https://example.org/)",
    })
    await sendMessage(page, BOX, 'How does spaced repetition help memory?')
    const answer = chatMessages(page).nth(1).locator('.chat-message__answer')
    await expect.poll(() => answer.textContent()).toContain('<img src="x"')
    await replySaved(page)
    expect(await page.locator('.chat-messages img').count()).toBe(0)
    const hrefs = await answer
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(hrefs).toEqual([`/page/${memory._id}#mark-${spacing._id}`, 'https://example.org/'])
    expect(await page.title()).toBe(title)
  })

  it('says nothing was found without asking the endpoint, and counts toward the daily limit', async () => {
    const page = await openAsk()
    const before = standIn.requests.length
    // From the search dialog: its query goes to the message box, to be sent by the person.
    await page.goto(`${server.url}/`)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /Search/ })
      .click()
    const search = page.getByRole('dialog', { name: 'Search' })
    await search.getByRole('combobox').fill('volcanoes in Iceland')
    await search.getByRole('link', { name: 'Ask your library: “volcanoes in Iceland”' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ask')
    await expect.poll(() => messageBox(page, BOX).inputValue()).toBe('volcanoes in Iceland')
    expect(await search.count()).toBe(0)
    await sendMessage(page, BOX, 'What did I read about volcanoes in Iceland?')
    await expect
      .poll(() => chatMessages(page).nth(1).textContent())
      .toBe(`AI${ASK_LIBRARY_NOTHING_FOUND}`)
    await replySaved(page)
    expect(standIn.requests.length).toBe(before)

    // Today's chat was the library's: a page's chat is over the Free plan's daily limit.
    await page.goto(`${server.url}/page/${memory._id}`)
    await page.getByRole('tab', { name: 'AI chat' }).click()
    await sendMessage(page, BOX.replace('your library', 'about this page'), 'Hello?')
    const dialog = page.getByRole('dialog', { name: "You've Hit Your Daily Limit." })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Upgrade to chat with AI unlimited 🚀')
    expect(standIn.requests.length).toBe(before)
  })

  it('has a helpful empty state for a library without highlights, found from the header', async () => {
    const page = await openAsk([
      {
        ...createBookmark(
          { _id: 'page-lonely', url: 'https://example.org/', title: 'Alone' },
          TEST_NOW,
        ),
        isStarred: true,
      },
    ])
    await page.goto(`${server.url}/`)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Ask your library' })
      .click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ask')
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Nothing to ask yet')
    expect(await messageBox(page, BOX).count()).toBe(0)
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
  })
})
