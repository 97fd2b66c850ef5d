// AI in the built extension, in Chromium (ADR 050): the sidebar's AI view summarizes the page it
// belongs to with the provider chosen on the options page, the text streams in and only a complete
// summary is saved (through the background, so it syncs); a failing endpoint shows the spec's toast
// and saves nothing; chat streams, Stop and a new message cancel with the spec's notes and every
// message is kept; the daily limit's popup; the page's text, and only it, goes to the provider; the
// built-in AI (a stand-in of Chrome's globals, installed into the extension's frames by
// context.addInitScript) with its download progress; the reader's summary; axe on the new views,
// light and dark. The endpoint is a stand-in server following OpenAI's documented API.
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  builtinAiStandInRequests,
  builtinAiStandInScript,
  setBuiltinAiStandIn,
} from './src/builtin-ai-stand-in'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import {
  article,
  closeNewHighlightToolbox,
  highlighterReady,
  paintedHighlights,
  selectText,
  storeCall,
  writtenSite,
  type WrittenSite,
} from './src/extension-page'
import { axeViolationsIn, isSidebarShown, sidebarFrame } from './src/extension-sidebar'
import { startOpenAiStandIn, type OpenAiStandIn } from './src/openai-stand-in'
import { pressShortcut } from './src/shortcuts'
import { TEST_NOW, startClockAtTestNow } from './src/test-clock'

const DAY = 24 * 60 * 60 * 1000
const KEY = 'sk-test-key-that-stays-on-this-device'
const PARAGRAPHS = [
  'Tidal marshes store carbon in their soil for thousands of years, far longer than forests do.',
  'Every tide brings fresh sediment, and the marsh grows upward to keep pace with the sea.',
  'Draining a marsh for farmland releases that carbon back into the air within a few decades.',
]
/** Text on the page that is not the page's reading text (a script's source). */
const SCRIPT_SECRET = 'script-secret-never-sent'
/** Another page of the library, which must never reach the provider. */
const OTHER_TITLE = 'A private page of the library about something else entirely'

function marshPage(title: string): string {
  return article(PARAGRAPHS)
    .replace('<title>Reading list</title>', `<title>${title}</title>`)
    .replace('</body>', `<script>window.secret = '${SCRIPT_SECRET}'</script></body>`)
}

interface StoredBookmark {
  _id: string
  aiSummary?: { text: string; type: string; length: string; status: string; createdAt: number }
}

describe('AI in the extension', () => {
  let browser: ExtensionBrowser
  let site: WrittenSite
  let endpoint: OpenAiStandIn
  let day = 0

  beforeAll(async () => {
    site = await writtenSite()
    endpoint = await startOpenAiStandIn({ requireKey: KEY })
    browser = await launchWithExtension()
    // Chrome's built-in AI as a stand-in (the real one has no model here): it reaches the
    // extension's pages and the sidebar's frame too (checked below through its request log).
    await browser.context.addInitScript(
      builtinAiStandInScript({
        summarizer: {
          availability: 'downloadable',
          downloadSteps: [0.25, 0.5, 1],
          // As Chrome: the model downloads only on the person's click.
          requireUserActivation: true,
          chunks: ['* Marshes keep carbon', ' for millennia.'],
        },
      }),
    )
    await startClockAtTestNow(browser.context)
    const seeded = await storeCall<{ rejected: unknown[] }>(browser, 'createOrUpdateEntities', [
      {
        _id: 'other-page',
        url: 'https://elsewhere.example/private',
        title: OTHER_TITLE,
        isStarred: true,
        createdAt: TEST_NOW,
        _objectStore: 'bookmarks',
      },
    ])
    expect(seeded.rejected).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    await endpoint?.close()
    await site?.close()
  })

  // Each test on a day of its own, so that the daily limits of one do not reach another.
  beforeEach(async () => {
    day += 1
    await browser.context.clock.setSystemTime(TEST_NOW + day * DAY)
  })

  async function chooseSettings(settings: unknown): Promise<void> {
    await browser.serviceWorker.evaluate(
      (value) =>
        (
          globalThis as unknown as {
            chrome: { storage: { local: { set(items: object): Promise<void> } } }
          }
        ).chrome.storage.local.set({ aiSettings: value }),
      settings,
    )
  }

  function chooseEndpoint(): Promise<void> {
    return chooseSettings({
      provider: 'openai-compatible',
      endpoint: { baseUrl: endpoint.url, model: 'stand-in-model', apiKey: KEY },
    })
  }

  async function openPage(name: string): Promise<Page> {
    await site.write(name, marshPage(`Marshes ${name}`))
    const page = await browser.context.newPage()
    await page.goto(site.url(name))
    expect(await highlighterReady(page)).toBe('ready')
    return page
  }

  async function openAiView(page: Page): Promise<Frame> {
    await pressShortcut(page, 'Alt+W')
    const frame = await sidebarFrame(page)
    await frame.getByRole('tab', { name: 'AI', exact: true }).click()
    await frame.locator('.ai-view').waitFor()
    return frame
  }

  function summaryStatus(frame: Frame): Promise<string | null> {
    return frame.locator('[data-summary-status]').getAttribute('data-summary-status')
  }

  function bookmarkOf(name: string): Promise<StoredBookmark | null | undefined> {
    return storeCall<StoredBookmark | null | undefined>(
      browser,
      'getBookmarkForUrl',
      site.url(name),
    )
  }

  async function choose(frame: Frame, field: string, option: string): Promise<void> {
    // A select's name is its value, then its label (React Aria).
    await frame.getByRole('button', { name: new RegExp(`${field}$`) }).click()
    await frame.getByRole('option', { name: option, exact: true }).click()
  }

  it('streams a summary from the endpoint, saves only the complete one, and sends only the page', async () => {
    await chooseEndpoint()
    const page = await openPage('stream.html')
    const frame = await openAiView(page)
    // The view says where the page's text goes, and leads to the settings.
    await frame
      .getByText(`The page’s text goes only to stand-in-model at ${new URL(endpoint.url).host}.`)
      .waitFor()
    await frame.getByRole('button', { name: 'AI settings' }).waitFor()

    // The first piece shows while the rest is still coming; Stop ends it and nothing is saved.
    endpoint.reply({ chunks: ['* Marshes store carbon', ' in their soil.'], holdAfterChunks: 1 })
    await frame.getByRole('button', { name: 'Summarize', exact: true }).click()
    const summary = frame.getByRole('region', { name: 'Summary' })
    await summary.getByText('Marshes store carbon').waitFor()
    expect(await summaryStatus(frame)).toBe('summarizing')
    await frame.getByRole('button', { name: 'Stop' }).click()
    await expect.poll(() => summaryStatus(frame)).toBe('none')
    expect(await bookmarkOf('stream.html')).toBeFalsy()

    await choose(frame, 'Type', 'TL;DR')
    await choose(frame, 'Length', 'Short')
    endpoint.reply({ chunks: ['* Marshes store carbon', ' in their soil.'] })
    await frame.getByRole('button', { name: 'Summarize', exact: true }).click()
    await expect.poll(() => summaryStatus(frame)).toBe('complete')
    await frame.getByRole('status').getByText('Summary saved with the page.').waitFor()
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([
      'Marshes store carbon in their soil.',
    ])
    const saved = await bookmarkOf('stream.html')
    expect(saved?.aiSummary).toMatchObject({
      text: '* Marshes store carbon in their soil.',
      type: 'tldr',
      length: 'short',
      status: 'complete',
      format: 'markdown',
    })
    // Dated by the sidebar's clock: today, the day this test runs on.
    expect(saved!.aiSummary!.createdAt).toBeGreaterThanOrEqual(TEST_NOW + day * DAY)
    expect(saved!.aiSummary!.createdAt).toBeLessThan(TEST_NOW + (day + 1) * DAY)

    // What went to the endpoint: the page's reading text, not its scripts, not the library.
    const sent = endpoint.chatRequests().at(-1)!
    const words = sent.messages.map((message) => message.content).join('\n')
    for (const paragraph of PARAGRAPHS) {
      expect(words).toContain(paragraph)
    }
    expect(words).not.toContain(SCRIPT_SECRET)
    expect(words).not.toContain(OTHER_TITLE)
    expect(sent.model).toBe('stand-in-model')
    // The key travels in the Authorization header only, never in the address.
    const call = endpoint.requests
      .filter((request) => request.path.endsWith('/completions'))
      .at(-1)!
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(call.path).not.toContain(KEY)
    // ... and never into the library (synced) or a backup.
    const backup = await storeCall<unknown>(browser, 'getBackupData')
    expect(JSON.stringify(backup)).not.toContain(KEY)
    await page.close()
  })

  it("shows the spec's toast when the endpoint fails, and saves nothing", async () => {
    await chooseEndpoint()
    const page = await openPage('failing.html')
    const frame = await openAiView(page)
    endpoint.reply({ status: 500 })
    await frame.getByRole('button', { name: 'Summarize', exact: true }).click()
    const toast = frame.locator('.ink-toast').filter({
      hasText: 'Error occurred. Check our troubleshooting guide for help.',
    })
    await toast.waitFor()
    await toast.getByRole('button', { name: 'Read guide' }).waitFor()
    await expect.poll(() => summaryStatus(frame)).toBe('failed')
    // Not even the page's bookmark: only a complete summary is saved.
    expect(await bookmarkOf('failing.html')).toBeFalsy()
    await page.close()
  })

  it('chats about the page with its highlights: Stop and a new message cancel, every message is kept', async () => {
    await chooseEndpoint()
    const page = await openPage('chat.html')
    await selectText(page, '#p2', 0, 10)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)
    await closeNewHighlightToolbox(page)
    const bookmark = (await bookmarkOf('chat.html'))!
    const [mark] = await storeCall<{ _id: string }[]>(browser, 'getMarksForBookmark', bookmark._id)
    await storeCall(browser, 'createOrUpdateEntities', [
      { ...mark, _objectStore: 'marks', notes: 'Ask about sediment' },
    ])
    const frame = await openAiView(page)
    const messages = frame.getByRole('list', { name: 'Messages' })
    const field = frame.getByRole('textbox', { name: 'Message' })

    endpoint.reply({ chunks: ['Marshes grow', ' with the tide.'], holdAfterChunks: 1 })
    await field.fill('What does this page say?')
    await frame.getByRole('button', { name: 'Send' }).click()
    await messages.getByText('Marshes grow').waitFor()
    await frame.getByRole('button', { name: 'Stop' }).click()
    await messages.getByText('Cancelled by user').waitFor()

    endpoint.reply({ chunks: ['Carbon stays', ' for ages.'], holdAfterChunks: 1 })
    await field.fill('How long does carbon stay?')
    await field.press('Enter')
    await messages.getByText('Carbon stays').waitFor()
    endpoint.reply({ text: 'Draining releases it.' })
    await field.fill('And when drained?')
    await field.press('Enter')
    await messages.getByText('Draining releases it.').waitFor()
    await messages.getByText('Cancelled by sending new message').waitFor()

    await expect
      .poll(async () => {
        const chat = await storeCall<{ messages?: { role: string; content: string }[] }>(
          browser,
          'getAiChatByReferenceId',
          bookmark._id,
        )
        return chat?.messages?.map(({ role, content }) => `${role}: ${content}`)
      })
      .toEqual([
        'user: What does this page say?',
        'assistant: Marshes grow\n\nCancelled by user',
        'user: How long does carbon stay?',
        'assistant: Carbon stays\n\nCancelled by sending new message',
        'user: And when drained?',
        'assistant: Draining releases it.',
      ])
    // The system message carries the page's text, its highlight and the highlight's note.
    const system = endpoint.chatRequests().at(-1)!.messages[0]!
    expect(system.role).toBe('system')
    expect(system.content).toContain(PARAGRAPHS[0])
    expect(system.content).toContain('Ask about sediment')
    expect(system.content).not.toContain(OTHER_TITLE)

    // A failing endpoint: the spec's toast, the question kept, no reply.
    endpoint.reply({ status: 503 })
    await field.fill('Still there?')
    await field.press('Enter')
    await frame
      .locator('.ink-toast')
      .filter({ hasText: 'Error occurred. Check our troubleshooting guide for help.' })
      .waitFor()
    await expect
      .poll(async () => {
        const chat = await storeCall<{ messages?: { role: string; content: string }[] }>(
          browser,
          'getAiChatByReferenceId',
          bookmark._id,
        )
        return chat?.messages?.at(-1)
      })
      .toMatchObject({ role: 'user', content: 'Still there?' })

    // Opened again, the sidebar shows the kept chat.
    await frame.getByRole('button', { name: 'Close sidebar' }).click()
    await expect.poll(() => isSidebarShown(page)).toBe(false)
    const again = await openAiView(page)
    await again.getByRole('list', { name: 'Messages' }).getByText('Draining releases it.').waitFor()
    expect(await axeViolationsIn(again)).toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await axeViolationsIn(again)).toEqual([])
    await page.emulateMedia({ colorScheme: 'light' })
    await page.close()
  })

  it("shows the daily limit's popup on the free plan, for summaries and for chat", async () => {
    await chooseEndpoint()
    const now = TEST_NOW + day * DAY
    // Another page was summarized and another chat written in today (on any device: synced).
    const seeded = await storeCall<{ rejected: unknown[] }>(browser, 'createOrUpdateEntities', [
      {
        _id: `summarized-${day}`,
        createdAt: now - 60_000,
        url: `https://elsewhere.example/summarized-${day}`,
        title: 'Summarized earlier today',
        isStarred: true,
        aiSummary: { text: 'Earlier.', createdAt: now - 60_000, status: 'complete' },
        _objectStore: 'bookmarks',
      },
      {
        _id: `chat-${day}`,
        _referenceId: `summarized-${day}`,
        createdAt: now - 60_000,
        lastUserMessageAt: now - 60_000,
        _objectStore: 'aichats',
      },
    ])
    expect(seeded.rejected).toEqual([])
    const page = await openPage('limit.html')
    const frame = await openAiView(page)
    const before = endpoint.requests.length

    await frame.getByRole('button', { name: 'Summarize', exact: true }).click()
    const dialog = frame.getByRole('dialog', { name: "You've Hit Your Daily Limit." })
    await dialog.getByText('Upgrade to create unlimited AI summaries').waitFor()
    expect(await dialog.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      'http://127.0.0.1:5273/settings?view=billing',
    )
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolationsIn(frame)).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await dialog.getByRole('button', { name: 'Not now' }).click()

    await frame.getByRole('textbox', { name: 'Message' }).fill('Anything?')
    await frame.getByRole('button', { name: 'Send' }).click()
    await frame
      .getByRole('dialog', { name: "You've Hit Your Daily Limit." })
      .getByText('Upgrade to chat with AI unlimited 🚀')
      .waitFor()
    // Nothing went to the endpoint, nothing was saved.
    expect(endpoint.requests.length).toBe(before)
    expect(await bookmarkOf('limit.html')).toBeFalsy()
    await page.close()
  })

  it("summarizes with the browser's built-in AI in the sidebar frame, showing the model's download", async () => {
    await chooseSettings({ provider: 'builtin', endpoint: { baseUrl: '', model: '' } })
    const page = await openPage('builtin.html')
    const frame = await openAiView(page)
    await frame.getByText('The browser downloads its AI model the first time').waitFor()
    await frame.getByText('The page’s text goes only to Browser’s built-in AI.').waitFor()
    // The page's frame of our sidebar is delegated the built-in AI (a cross-origin frame).
    expect(await (await frame.frameElement()).getAttribute('allow')).toBe(
      'summarizer; language-model',
    )
    // Every text the status line shows, kept as it changes (the download's steps are quick).
    await frame.evaluate(() => {
      const status = document.querySelector('.ai-status')!
      const seen: string[] = []
      ;(globalThis as unknown as { statusSeen: string[] }).statusSeen = seen
      new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      })
    })
    await frame.getByRole('button', { name: 'Summarize', exact: true }).click()
    await expect.poll(() => summaryStatus(frame)).toBe('complete')
    const seen = await frame.evaluate(
      () => (globalThis as unknown as { statusSeen: string[] }).statusSeen,
    )
    expect(seen.some((text) => /^Downloading the model… \d+%$/.test(text))).toBe(true)
    expect(seen.at(-1)).toBe('Summary saved with the page.')
    expect((await bookmarkOf('builtin.html'))?.aiSummary).toMatchObject({
      text: '* Marshes keep carbon for millennia.',
      type: 'key-points',
      status: 'complete',
    })
    // The stand-in saw the page's text as the input, and the monitor for the download.
    const requests = await builtinAiStandInRequests(frame)
    const input = requests.find((request) => request.method.startsWith('summarize'))?.input
    expect(String(input)).toContain(PARAGRAPHS[1])
    expect(String(input)).not.toContain(SCRIPT_SECRET)
    expect(requests.some((request) => request.method === 'create')).toBe(true)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolationsIn(frame)).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.close()
  })

  it('explains a QuotaExceededError of the built-in chat in place', async () => {
    await chooseSettings({ provider: 'builtin', endpoint: { baseUrl: '', model: '' } })
    const page = await openPage('quota.html')
    const frame = await openAiView(page)
    await setBuiltinAiStandIn(frame, { languageModel: { failWith: 'QuotaExceededError' } })
    await frame.getByRole('textbox', { name: 'Message' }).fill('Summarize everything, twice.')
    await frame.getByRole('button', { name: 'Send' }).click()
    await frame
      .getByRole('alert')
      .getByText('The text is too long for the AI model. Try a shorter text or a new chat.')
      .waitFor()
    expect(await frame.locator('.ink-toast').count()).toBe(0)
    await page.close()
  })

  it("summarizes the reader's article and saves it on the page's bookmark", async () => {
    await chooseEndpoint()
    // Long enough to be an article for the reader (the spec's 500 characters and more).
    const long = [1, 2, 3, 4].flatMap((round) =>
      PARAGRAPHS.map((text) => `Part ${round}: ${text} ${text}`),
    )
    await site.write(
      'reader.html',
      article(long).replace('<title>Reading list</title>', '<title>Marshes in the reader</title>'),
    )
    const page = await browser.context.newPage()
    await page.goto(site.url('reader.html'))
    expect(await highlighterReady(page)).toBe('ready')
    const opened = browser.context.waitForEvent('page', (candidate) =>
      candidate.url().includes('/tabs/reader.html?key='),
    )
    await pressShortcut(page, 'Alt+R')
    const reader = await opened
    const toggle = reader.getByRole('button', { name: 'AI summary' })
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    endpoint.reply({ chunks: ['Marshes hold carbon;', ' draining frees it.'] })
    await reader.getByRole('button', { name: 'Summarize', exact: true }).click()
    await reader.getByRole('region', { name: 'Summary' }).getByText('draining frees it').waitFor()
    await expect
      .poll(async () => (await bookmarkOf('reader.html'))?.aiSummary?.text)
      .toBe('Marshes hold carbon; draining frees it.')
    const words = endpoint
      .chatRequests()
      .at(-1)!
      .messages.map((message) => message.content)
      .join('\n')
    expect(words).toContain(`Part 4: ${PARAGRAPHS[2]}`)
    expect(words).not.toContain(OTHER_TITLE)
    expect(await axeViolationsIn(reader)).toEqual([])
    await reader.close()
    await page.close()
  })

  it('says the Summarizer is not available, with the way to the settings, when AI is unavailable', async () => {
    await chooseSettings({ provider: 'openai-compatible', endpoint: { baseUrl: '', model: '' } })
    const page = await openPage('unavailable.html')
    const frame = await openAiView(page)
    await frame.getByText('Summarizer API is not available in this browser').waitFor()
    const opened = browser.context.waitForEvent('page', (candidate) =>
      candidate.url().endsWith('/options.html'),
    )
    await frame.getByRole('button', { name: 'Open AI settings' }).click()
    const options = await opened
    await options.getByRole('heading', { name: 'AI summaries and chat' }).waitFor()
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolationsIn(frame)).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await options.close()
    await page.close()
  })

  it('keeps the endpoint on the options page on this device, after testing the connection', async () => {
    await chooseSettings({ provider: 'builtin', endpoint: { baseUrl: '', model: '' } })
    const options = await browser.context.newPage()
    await options.goto(`chrome-extension://${browser.extensionId}/options.html`)
    await options.getByRole('button', { name: /AI provider$/ }).click()
    await options.getByRole('option', { name: 'OpenAI-compatible endpoint' }).click()
    await options.getByRole('textbox', { name: 'Base URL' }).fill(endpoint.url)
    await options.getByRole('textbox', { name: 'Model' }).fill('stand-in-model')
    await options.getByRole('button', { name: 'Test connection' }).click()
    // Without the key the endpoint refuses; with it, its models are listed.
    await options.getByRole('alert').waitFor()
    const key = options.getByLabel('API key (optional)')
    expect(await key.getAttribute('type')).toBe('password')
    await key.fill(KEY)
    await options.getByRole('button', { name: 'Test connection' }).click()
    await options.getByText('Connected. Models: stand-in-model').waitFor()
    for (const scheme of ['light', 'dark'] as const) {
      await options.emulateMedia({ colorScheme: scheme })
      expect(await axeViolationsIn(options)).toEqual([])
    }
    await options.getByRole('button', { name: 'Save' }).click()
    await options.getByText('Saved on this device.').waitFor()
    const stored = await options.evaluate(() =>
      (
        globalThis as unknown as {
          chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } }
        }
      ).chrome.storage.local.get('aiSettings'),
    )
    expect(stored.aiSettings).toEqual({
      provider: 'openai-compatible',
      endpoint: { baseUrl: endpoint.url, model: 'stand-in-model', apiKey: KEY },
    })
    const settings = await storeCall<unknown>(browser, 'getChromeSettings')
    expect(JSON.stringify(settings)).not.toContain(KEY)
    await options.close()
  })
})
