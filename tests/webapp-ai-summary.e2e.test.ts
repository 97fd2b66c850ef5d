// Issue 15's summaries in the web app, on an OpenAI-compatible endpoint (the stand-in server of
// tests/src/openai-stand-in.ts, on loopback, following the documented chat-completions contract)
// and a real relay on loopback: a laptop and a phone (two Chromium contexts of the built web app)
// signed into one account (the test relay's trial: unlimited AI, sync). On the laptop a summary of
// each type streams in on the page detail and is saved; the relay has each, the phone shows the
// last; the key reached the endpoint as a bearer header and went nowhere else. A failing endpoint
// (500, a dropped stream) shows the spec's toast with Read guide and saves nothing. The AI
// settings test the endpoint (models listed, a wrong key refused) and keep the key out of the
// synced settings and the backup file. axe-core is clean in light and dark on each new screen.
import {
  AI_ERROR_TOAST,
  ObjectStore,
  type AiSettings,
  type AiSummaryType,
  type BackupFile,
  type Bookmark,
} from '@inkmark/shared'
import { readFile } from 'node:fs/promises'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  articlePage,
  articleParagraphs,
  chooseAi,
  startSummary,
  summaryEnded,
  summaryPanel,
  summaryStatus,
  AI_SETTINGS_KEY,
} from './src/ai-summary-page'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { cspViolations, recordCspViolations } from './src/csp-watch'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startOpenAiStandIn, type OpenAiStandIn } from './src/openai-stand-in'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { keyOf, relayContents } from './src/sync-snapshot'
import { SEED_PAGE_PATH, answeredPrompts, type WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const EMAIL = `summaries-${Date.now()}@example.org`
const PASSWORD = 'correct horse battery'
const TOKEN_KEY = 'jwt_webmarker'
const API_KEY = 'sk-test-only-device-key-5f2c'
const PAGE_ID = 'ai-page'
const PAGE_URL = 'https://example.org/articles/tides'
const FAIL_ID = 'ai-fail-page'
const FAIL_URL = 'https://example.org/articles/storms'

/** Each type's answer, as the endpoint streams it (markdown, with a hostile bit in one). */
const ANSWERS: Record<AiSummaryType, string[]> = {
  'key-points': ['* Tides follow ', 'the **moon**\n', '* Springs are ', 'the highest'],
  headline: ['Moon ', 'drives ', 'the tides'],
  tldr: ['The moon pulls the sea; ', '<img src="x" onerror="window.__pwned = 1"> ', 'twice a day.'],
  teaser: ['Why does the sea ', 'rise twice a day? ', 'Read on.'],
}
const TYPE_LABELS: Record<AiSummaryType, string> = {
  'key-points': 'Key Points',
  headline: 'Headline',
  tldr: 'TL;DR',
  teaser: 'Teaser',
}

describe('AI summaries in the web app, on an endpoint, synced', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let endpoint: OpenAiStandIn
  let token: string
  let laptop: BrowserContext
  let app: Page
  const endpointSettings = (): AiSettings => ({
    provider: 'openai-compatible',
    endpoint: { baseUrl: endpoint.url, model: 'stand-in-model', apiKey: API_KEY },
  })
  const bookmarkOnRelay = async (id: string) =>
    (await relayContents(relay.url, token)).live[keyOf(ObjectStore.BOOKMARKS, id)] as
      Bookmark | undefined

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay(createRelayProcess))
    endpoint = await startOpenAiStandIn({ requireKey: API_KEY, models: ['stand-in-model'] })
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })

    laptop = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await recordCspViolations(laptop)
    const signUp = await laptop.newPage()
    await signUp.goto(server.url + '/sign-up')
    await signUp.getByLabel('Email').fill(EMAIL)
    await signUp.getByLabel('Password').fill(PASSWORD)
    await signUp.getByRole('button', { name: 'Sign up' }).click()
    await signUp.locator('[data-sync-state="UP_TO_DATE"]').waitFor()
    token = (await signUp.evaluate((key) => localStorage.getItem(key), TOKEN_KEY))!
    await signUp.close()

    const seed = await laptop.newPage()
    await seed.goto(server.url + SEED_PAGE_PATH)
    await seed.waitForFunction(() => window.inkmarkSeed !== undefined)
    const now = Date.now()
    const seeded = await seed.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [
        ...articlePage(PAGE_ID, PAGE_URL, 'How tides work', articleParagraphs('tides'), now),
        ...articlePage(FAIL_ID, FAIL_URL, 'How storms form', articleParagraphs('storms'), now),
        answeredPrompts,
      ],
    )
    expect(seeded.rejected).toEqual([])
    await seed.close()
    app = await laptop.newPage()
    await app.goto(`${server.url}/page/${PAGE_ID}`)
    await chooseAi(app, endpointSettings())
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await endpoint?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('streams, saves and syncs a summary of each type; the phone shows it', async () => {
    await summaryPanel(app).waitFor()
    expect(await seriousAxeViolationsLightAndDark(app)).toEqual([])
    for (const type of Object.keys(ANSWERS) as AiSummaryType[]) {
      endpoint.reply({ chunks: ANSWERS[type] })
      await startSummary(app, type, type === 'headline' ? 'short' : 'medium')
      await summaryEnded(app, 'complete')
      await expect
        .poll(() => summaryPanel(app).locator('.ai-summary-meta').textContent())
        .toContain(TYPE_LABELS[type])
      await expect.poll(async () => (await bookmarkOnRelay(PAGE_ID))?.aiSummary?.type).toBe(type)
      const saved = (await bookmarkOnRelay(PAGE_ID))!.aiSummary!
      expect(saved).toMatchObject({ status: 'complete', format: 'markdown' })
      expect(saved.text).toBe(ANSWERS[type].join('').trim())
      expect(saved.length).toBe(type === 'headline' ? 'short' : 'medium')
    }

    // The endpoint got the article's text, with the key as a bearer header, for each summary.
    const chats = endpoint.chatRequests()
    expect(chats).toHaveLength(4)
    for (const chat of chats) {
      expect(chat.messages.map((message) => message.content).join('\n')).toContain(
        'Paragraph 3 about tides',
      )
    }
    const completions = endpoint.requests.filter((request) =>
      request.path.endsWith('/chat/completions'),
    )
    expect(completions.map((request) => request.headers.authorization)).toEqual(
      Array(4).fill(`Bearer ${API_KEY}`),
    )

    // The policy let the calls to the endpoint on loopback through.
    expect(await cspViolations(app)).toEqual([])

    // The model's markup is text: the markdown is rendered, the HTML is not.
    endpoint.reply({ chunks: ANSWERS.tldr })
    await startSummary(app, 'tldr')
    await summaryEnded(app, 'complete')
    const text = summaryPanel(app).locator('.ai-summary-text')
    await expect.poll(() => text.textContent()).toContain('<img src="x"')
    expect(await text.locator('img').count()).toBe(0)
    expect(await app.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    endpoint.reply({ chunks: ANSWERS['key-points'] })
    await startSummary(app, 'key-points')
    await summaryEnded(app, 'complete')
    await expect.poll(() => text.locator('li strong').textContent()).toBe('moon')
    expect(await seriousAxeViolationsLightAndDark(app)).toEqual([])

    // The relay has the summary and never the key; the phone shows the summary.
    const everything = JSON.stringify((await relayContents(relay.url, token)).live)
    expect(everything).not.toContain(API_KEY)
    const phone = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    try {
      const login = await phone.newPage()
      await login.goto(server.url + '/login')
      await login.getByLabel('Email').fill(EMAIL)
      await login.getByLabel('Password').fill(PASSWORD)
      await login.getByRole('button', { name: 'Log in' }).click()
      await expect
        .poll(() => login.locator('[data-sync-state]').getAttribute('data-sync-state'))
        .toBe('UP_TO_DATE')
      await login.goto(`${server.url}/page/${PAGE_ID}`)
      const panel = summaryPanel(login)
      await expect
        .poll(() => panel.locator('.ai-summary-meta').textContent())
        .toContain('Key Points')
      await expect.poll(() => panel.locator('li strong').textContent()).toBe('moon')
      // The phone has no AI settings of its own: they never travel with the library.
      expect(await login.evaluate((key) => localStorage.getItem(key), AI_SETTINGS_KEY)).toBeNull()
    } finally {
      await phone.close()
    }
  })

  it('shows the toast and saves nothing when the endpoint fails or drops the stream', async () => {
    await app.goto(`${server.url}/page/${FAIL_ID}`)
    const toast = app.locator('.ink-toast').filter({ hasText: AI_ERROR_TOAST })

    endpoint.reply({ status: 500, errorMessage: 'The model crashed' })
    await startSummary(app, 'tldr')
    await summaryEnded(app, 'failed')
    await toast.first().waitFor()
    await expect
      .poll(() => summaryPanel(app).getByRole('status').first().textContent())
      .toContain('nothing was saved')
    expect(await seriousAxeViolationsLightAndDark(app)).toEqual([])

    // Read guide opens the troubleshooting guide, in a tab of its own.
    const [guide] = await Promise.all([
      laptop.waitForEvent('page'),
      toast.first().getByRole('button', { name: 'Read guide' }).click(),
    ])
    await guide.getByRole('heading', { level: 1, name: 'AI troubleshooting' }).waitFor()
    expect(await seriousAxeViolationsLightAndDark(guide)).toEqual([])
    await guide.close()

    endpoint.reply({
      chunks: ['Storms start ', 'over warm ', 'water and ', 'never end'],
      dropAfterChunks: 2,
    })
    await startSummary(app, 'key-points')
    await summaryEnded(app, 'failed')
    await toast.first().waitFor()

    // The text shows as it streams; Stop ends the run: nothing saved, and no error toast.
    await app.reload()
    endpoint.reply({ chunks: ['Storms gather ', 'heat ', 'and never finish'], holdAfterChunks: 2 })
    await startSummary(app, 'teaser')
    await expect.poll(() => summaryStatus(app)).toBe('summarizing')
    await expect
      .poll(() => summaryPanel(app).locator('.ai-summary-text').textContent())
      .toBe('Storms gather heat')
    await summaryPanel(app).getByRole('button', { name: 'Stop' }).click()
    // Stopped by the person: back to the start (none), not a failure.
    await summaryEnded(app, 'none')
    await expect
      .poll(() => summaryPanel(app).getByRole('status').first().textContent())
      .toContain('Summary stopped')
    expect(await toast.count()).toBe(0)

    // Nothing was saved: not here (after a reload) and not on the relay.
    await app.reload()
    await summaryPanel(app).getByRole('button', { name: 'Summarize', exact: true }).waitFor()
    expect(await summaryPanel(app).locator('.ai-summary-meta').count()).toBe(0)
    expect((await bookmarkOnRelay(FAIL_ID))?.aiSummary).toBeUndefined()
  })

  it('tests the endpoint in the AI settings and keeps the key off the library and the backup', async () => {
    await app.goto(`${server.url}/settings?view=settings#ai`)
    const section = app.getByRole('group', { name: 'AI', exact: true })
    await section.getByRole('radio', { name: 'OpenAI-compatible endpoint' }).waitFor()
    expect(
      await section.getByRole('radio', { name: 'OpenAI-compatible endpoint' }).isChecked(),
    ).toBe(true)
    expect(await section.getByLabel('Base URL').inputValue()).toBe(endpoint.url)
    expect(await section.getByLabel('API key (optional)').getAttribute('type')).toBe('password')

    // Plain http beyond this computer is refused by the policy before any request leaves (ADR 048).
    const baseUrl = section.getByLabel('Base URL')
    await baseUrl.fill('http://ai-server.invalid:11434/v1')
    await section.getByRole('button', { name: 'Test connection' }).click()
    await expect.poll(() => section.getByRole('alert').textContent()).toContain('could not reach')
    await expect
      .poll(async () => (await cspViolations(app)).map((violation) => violation.directive))
      .toContain('connect-src')
    await baseUrl.fill(endpoint.url)

    // A wrong key is refused with a clear sentence; the right one lists the models.
    endpoint.models = ['stand-in-model', 'other-model']
    await section.getByLabel('API key (optional)').fill('sk-wrong')
    await section.getByRole('button', { name: 'Test connection' }).click()
    await expect
      .poll(() => section.getByRole('alert').textContent())
      .toContain('refused the API key')
    await section.getByLabel('API key (optional)').fill(API_KEY)
    await section.getByRole('button', { name: 'Test connection' }).click()
    await expect
      .poll(() => section.getByRole('status').last().textContent())
      .toContain('2 models found')
    await section.getByRole('button', { name: /Model on this endpoint/ }).click()
    await app.getByRole('option', { name: 'other-model' }).click()
    await expect
      .poll(() => section.getByLabel('Model', { exact: true }).inputValue())
      .toBe('other-model')
    expect(await seriousAxeViolationsLightAndDark(app)).toEqual([])

    const stored = JSON.parse(
      (await app.evaluate((key) => localStorage.getItem(key), AI_SETTINGS_KEY))!,
    ) as AiSettings
    expect(stored.endpoint).toEqual({
      baseUrl: endpoint.url,
      model: 'other-model',
      apiKey: API_KEY,
    })

    // The backup (with the synced settings, chromeSettings) and the relay never hold the key.
    await app.goto(`${server.url}/settings?view=backup`)
    const [download] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: 'Download backup' }).click(),
    ])
    const backup = await readFile(await download.path(), 'utf8')
    const file = JSON.parse(backup) as BackupFile
    expect(file.chromeSettings).toBeDefined()
    expect(backup).not.toContain(API_KEY)
    expect(backup).not.toContain('other-model')
    expect(JSON.stringify(await relayContents(relay.url, token))).not.toContain(API_KEY)
    // The key never went into a URL.
    expect(endpoint.requests.map((request) => request.path).join(' ')).not.toContain(API_KEY)
  })
})
