// The page detail's AI chat in the built web app in Chromium, against stand-ins of the providers
// (an OpenAI-compatible endpoint on loopback, Chrome's LanguageModel global): the reply streams in
// and is saved (a reload shows it), only this page's text goes to the provider, Stop and a new
// message cancel with the spec's notes, a failure shows the spec's toast, QuotaExceededError is
// explained, the daily limit of the Free plan shows the spec's popup, and without an AI the tab
// says where to choose one. axe-core finds nothing serious in light and dark.
import {
  AI_CHAT_CANCELLED_BY_NEW_MESSAGE,
  AI_CHAT_CANCELLED_BY_USER,
  AI_ERROR_TOAST,
  DEFAULT_AI_SETTINGS,
  createMark,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import {
  builtinAiStandInRequests,
  builtinAiStandInScript,
  setBuiltinAiStandIn,
} from './src/builtin-ai-stand-in'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import {
  OPENAI_STAND_IN_MODEL,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from './src/openai-stand-in'
import { TEST_NOW } from './src/test-clock'
import { articlePage } from './src/ai-summary-page'
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
const BOX = 'Ask about this page'

const MEMORY_URL = 'https://mind.example.org/memory'
const memoryPage = articlePage(
  'page-memory',
  MEMORY_URL,
  'How memory works',
  [
    'Memory is not a recording. Each time we recall an event the brain rebuilds it, which is why the keeper of the old lighthouse remembered the storm differently every winter he told it.',
    'Researchers have shown again and again that retrieval practice, the act of pulling a fact out of memory, does more for long-term retention than reading the same page a second time.',
    'Spacing those retrievals out over days and weeks, rather than cramming them into one evening, is what turns a fragile trace into a durable one that survives the summer holidays.',
    'Sleep plays its part as well: during deep sleep the hippocampus replays the day, and the cortex slowly takes over what was learned, which is why a night between sessions helps.',
  ],
  TEST_NOW - HOUR,
)
const spacing = createMark(
  {
    _id: 'mark-spacing',
    _bookmark: 'page-memory',
    url: MEMORY_URL,
    title: 'How memory works',
    text: 'Spacing those retrievals out over days and weeks',
    notes: 'Try it with Spanish vocabulary.',
  },
  TEST_NOW - HOUR,
)
const BREAD_URL = 'https://food.example.com/bread'
const breadPage = articlePage(
  'page-bread',
  BREAD_URL,
  'Sourdough at home',
  [
    'A sourdough starter is a living culture of wild yeast and bacteria. Feed it flour and water every day and keep it somewhere warm, and within a week it will double after each feeding.',
    'The loaf itself needs patience: a long cold proof in the refrigerator overnight develops the sour flavour and makes the dough far easier to shape and score in the morning.',
    'Bake it in a preheated cast iron pot with the lid on for the first twenty minutes, so that the steam keeps the crust soft long enough for the loaf to rise fully.',
  ],
  TEST_NOW - 2 * HOUR,
)
const starter = createMark(
  {
    _id: 'mark-starter',
    _bookmark: 'page-bread',
    url: BREAD_URL,
    title: 'Sourdough at home',
    text: 'Feed it flour and water every day',
  },
  TEST_NOW - 2 * HOUR,
)
const library = [...memoryPage, spacing, ...breadPage, starter]

describe('AI chat about a page in the web app', () => {
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

  async function openChat(
    pageId: string,
    options: Partial<Parameters<typeof openSeededApp>[2]> = {},
  ): Promise<Page> {
    const opened = await openSeededApp(browser, server, {
      entities: library,
      settings: endpointSettings(standIn.url, OPENAI_STAND_IN_MODEL),
      ...options,
    })
    context = opened.context
    await goToChat(opened.page, pageId)
    return opened.page
  }

  async function goToChat(page: Page, pageId: string): Promise<void> {
    await page.goto(`${server.url}/page/${pageId}`)
    await page.getByRole('tab', { name: 'AI chat' }).click()
  }

  /** The paragraphs of the `index`th message's answer. */
  function answerParagraphs(page: Page, index: number): Promise<string[]> {
    return chatMessages(page).nth(index).locator('.chat-message__answer p').allTextContents()
  }

  it('streams the reply, saves it (a reload shows it) and sends only this page', async () => {
    const page = await openChat('page-memory')
    const panel = page.getByRole('tabpanel')
    await expect.poll(() => panel.textContent()).toContain('Chat about this page')
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    // An example question goes to the message box, not straight to the AI.
    const before = standIn.chatRequests().length
    await panel.getByRole('button', { name: 'What do my highlights have in common?' }).click()
    expect(await messageBox(page, BOX).inputValue()).toBe('What do my highlights have in common?')
    expect(standIn.chatRequests()).toHaveLength(before)

    standIn.reply({ chunks: ['Spacing ', 'your **practice** ', 'beats cramming.'] })
    await sendMessage(page, BOX, 'Why space out practice?')
    await expect
      .poll(() => answerParagraphs(page, 1))
      .toEqual(['Spacing your practice beats cramming.'])
    expect(await chatMessages(page).nth(1).locator('strong').textContent()).toBe('practice')
    expect(await chatMessages(page).nth(0).textContent()).toBe('YouWhy space out practice?')
    await expect
      .poll(() => page.locator('.chat-panel [role=status]').textContent())
      .toBe('AI replied: Spacing your **practice** beats cramming.')
    expect(await messageBox(page, BOX).inputValue()).toBe('')

    // What went to the provider: this page's title, text, highlight and note, and the question;
    // nothing of the other page.
    const request = standIn.chatRequests()[before]!
    const system = request.messages[0]!
    expect(system.role).toBe('system')
    expect(system.content).toContain('How memory works')
    expect(system.content).toContain('keeper of the old lighthouse')
    expect(system.content).toContain('Spacing those retrievals out over days and weeks')
    expect(system.content).toContain('Try it with Spanish vocabulary.')
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: 'Why space out practice?' })
    const sent = JSON.stringify(request.messages)
    expect(sent).not.toContain('Sourdough')
    expect(sent).not.toContain('Feed it flour')
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])

    await page.reload()
    await page.getByRole('tab', { name: 'AI chat' }).click()
    await expect.poll(() => chatMessages(page).count()).toBe(2)
    expect(await answerParagraphs(page, 1)).toEqual(['Spacing your practice beats cramming.'])

    // The next message sends the conversation so far with it.
    standIn.reply({ text: 'Days, then weeks.' })
    await sendMessage(page, BOX, 'How far apart?')
    await expect.poll(() => answerParagraphs(page, 3)).toEqual(['Days, then weeks.'])
    expect(standIn.chatRequests().at(-1)!.messages.slice(1)).toEqual([
      { role: 'user', content: 'Why space out practice?' },
      { role: 'assistant', content: 'Spacing your **practice** beats cramming.' },
      { role: 'user', content: 'How far apart?' },
    ])

    // Clear conversation asks first, then empties the chat, also after a reload.
    await page.getByRole('button', { name: 'Clear conversation' }).click()
    await page
      .getByRole('group', { name: 'Clear conversation' })
      .getByRole('button', { name: 'Clear conversation' })
      .click()
    await expect.poll(() => panel.textContent()).toContain('Chat about this page')
    await page.reload()
    await page.getByRole('tab', { name: 'AI chat' }).click()
    await expect.poll(() => panel.textContent()).toContain('Chat about this page')
    expect(await chatMessages(page).count()).toBe(0)
  })

  it('keeps what streamed when stopped or replaced by a new message, with the spec notes', async () => {
    const page = await openChat('page-memory')
    // Shift+Enter is a new line, not a send.
    const box = messageBox(page, BOX)
    await box.fill('First line')
    await box.press('Shift+Enter')
    await box.pressSequentially('second line')
    expect(await box.inputValue()).toBe('First line\nsecond line')
    expect(standIn.chatRequests().filter((r) => JSON.stringify(r).includes('First line'))).toEqual(
      [],
    )

    standIn.reply({ chunks: ['The brain rebuilds', ' each memory.'], holdAfterChunks: 1 })
    await box.press('Enter')
    const streaming = page.locator('.chat-messages > li[aria-busy=true]')
    await expect.poll(() => streaming.textContent()).toContain('The brain rebuilds')
    await page.getByRole('button', { name: 'Stop' }).click()
    await expect
      .poll(() => answerParagraphs(page, 1))
      .toEqual(['The brain rebuilds', AI_CHAT_CANCELLED_BY_USER])
    await expect.poll(() => streaming.count()).toBe(0)

    standIn.reply({ chunks: ['Half of an answer', ' and the rest.'], holdAfterChunks: 1 })
    standIn.reply({ text: 'The newer answer.' })
    await sendMessage(page, BOX, 'Tell me more.')
    await expect.poll(() => streaming.textContent()).toContain('Half of an answer')
    await sendMessage(page, BOX, 'Actually, about sleep?')
    await expect.poll(() => answerParagraphs(page, 5)).toEqual(['The newer answer.'])
    expect(await answerParagraphs(page, 3)).toEqual([
      'Half of an answer',
      AI_CHAT_CANCELLED_BY_NEW_MESSAGE,
    ])
    // The reply streams in whole before it is saved; it stops being the streaming one once saved.
    await expect.poll(() => streaming.count()).toBe(0)

    await page.reload()
    await page.getByRole('tab', { name: 'AI chat' }).click()
    await expect.poll(() => chatMessages(page).count()).toBe(6)
    expect(await chatMessages(page).allTextContents()).toEqual([
      'YouFirst line\nsecond line',
      `AIThe brain rebuilds${AI_CHAT_CANCELLED_BY_USER}`,
      'YouTell me more.',
      `AIHalf of an answer${AI_CHAT_CANCELLED_BY_NEW_MESSAGE}`,
      'YouActually, about sleep?',
      'AIThe newer answer.',
    ])
  })

  it("shows the spec's toast when the endpoint fails, and saves no reply", async () => {
    const page = await openChat('page-memory')
    standIn.reply({ status: 429, retryAfter: 30 })
    await sendMessage(page, BOX, 'Are you there?')
    const toast = page.getByRole('region', { name: 'Messages' })
    await expect.poll(() => toast.textContent()).toContain(AI_ERROR_TOAST)
    expect(await toast.getByRole('button', { name: 'Read guide' }).count()).toBe(1)
    await expect.poll(() => page.locator('.chat-messages > li[aria-busy=true]').count()).toBe(0)
    expect(await chatMessages(page).allTextContents()).toEqual(['YouAre you there?'])
  })

  it('shows the daily limit popup on the Free plan when a second chat starts today', async () => {
    const page = await openChat('page-memory')
    standIn.reply({ text: 'About memory.' })
    await sendMessage(page, BOX, 'What is this about?')
    await expect.poll(() => answerParagraphs(page, 1)).toEqual(['About memory.'])
    await replySaved(page)

    const before = standIn.chatRequests().length
    await goToChat(page, 'page-bread')
    await sendMessage(page, BOX, 'How warm should the starter be?')
    const dialog = page.getByRole('dialog', { name: "You've Hit Your Daily Limit." })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Upgrade to chat with AI unlimited 🚀')
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect(standIn.chatRequests()).toHaveLength(before)
    // Nothing was lost: the question is still in the box.
    expect(await messageBox(page, BOX).inputValue()).toBe('How warm should the starter be?')

    // The chat of today goes on.
    standIn.reply({ text: 'Still here.' })
    await goToChat(page, 'page-memory')
    await sendMessage(page, BOX, 'One more?')
    await expect.poll(() => answerParagraphs(page, 3)).toEqual(['Still here.'])
  })

  it("streams from the browser's built-in AI after its model download, and explains its QuotaExceededError", async () => {
    const page = await openChat('page-memory', {
      settings: DEFAULT_AI_SETTINGS,
      initScripts: [
        builtinAiStandInScript({
          languageModel: {
            availability: 'downloadable',
            downloadSteps: [0.25, 0.5, 1],
            chunks: ['Built-in ', 'answer.'],
          },
        }),
      ],
    })
    // The download's progress shows in place of the reply until it streams (recorded as the page
    // shows it: the steps are a few tasks long).
    await messageBox(page, BOX).waitFor()
    await page.evaluate(() => {
      const seen: string[] = []
      Object.assign(window, { seenDownload: seen })
      new MutationObserver(() => {
        const text = document.querySelector('.chat-messages [aria-busy=true]')?.textContent ?? ''
        if (text.includes('Downloading')) {
          seen.push(text)
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await sendMessage(page, BOX, 'Hello?')
    await expect.poll(() => answerParagraphs(page, 1)).toEqual(['Built-in answer.'])
    const seen = await page.evaluate(
      () => (window as unknown as { seenDownload: string[] }).seenDownload,
    )
    expect(seen[0]).toMatch(/^AIDownloading the browser’s AI model \(once\): \d+%/)
    const prompts = await builtinAiStandInRequests(page)
    expect(JSON.stringify(prompts)).toContain('keeper of the old lighthouse')
    expect(JSON.stringify(prompts)).not.toContain('Sourdough')

    await setBuiltinAiStandIn(page, { languageModel: { failWith: 'QuotaExceededError' } })
    await sendMessage(page, BOX, 'And a very long question?')
    const alert = page.locator('.chat-problem')
    await expect
      .poll(() => alert.textContent())
      .toBe(
        'This conversation is too long for the AI model in this browser. Clear the conversation, or ask a shorter question.',
      )
    expect(await alert.getAttribute('role')).toBe('alert')
  })

  it('says where to choose an AI when none is set up', async () => {
    const page = await openChat('page-memory', {
      settings: { ...DEFAULT_AI_SETTINGS, provider: 'off' },
    })
    const panel = page.getByRole('tabpanel')
    await expect.poll(() => panel.textContent()).toContain('Choose an AI to chat with')
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    await panel.getByRole('link', { name: 'Open the AI settings' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings')
    expect(new URL(page.url()).hash).toBe('#ai')
  })
})
