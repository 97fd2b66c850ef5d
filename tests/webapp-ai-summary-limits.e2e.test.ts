// The AI summary daily limit in the web app on the Free plan (a relay on loopback with no trial):
// one page summarized a day, counted from the library (the bookmarks whose summary is from
// today). On the test clock's day, the first page is summarized; the same page may be summarized
// again; a second page shows the spec's popup ("You've Hit Your Daily Limit. Upgrade to create
// unlimited AI summaries") with an Upgrade link to the plans, and nothing reaches the endpoint;
// the next day the second page may be summarized. axe-core is clean on the popup, light and dark.
import {
  AI_SUMMARY_DAILY_LIMIT_MESSAGE,
  Plan,
  decodeTokenPayload,
  resolvePlan,
  type AiSettings,
  type PlanUser,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  articlePage,
  articleParagraphs,
  chooseAi,
  startSummary,
  summaryEnded,
  summaryPanel,
} from './src/ai-summary-page'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { startOpenAiStandIn, type OpenAiStandIn } from './src/openai-stand-in'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { TEST_NOW, startClockAtTestNow } from './src/test-clock'
import { SEED_PAGE_PATH, answeredPrompts, type WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const DAY = 24 * 60 * 60 * 1000
const EMAIL = `limits-${Date.now()}@example.org`
const PASSWORD = 'correct horse battery'

describe('the AI summary daily limit on the Free plan', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let endpoint: OpenAiStandIn
  let context: BrowserContext
  let app: Page

  beforeAll(async () => {
    // No trial: a new account is on Free.
    ;({ relay, server } = await startWebappWithRelay((env) => {
      env.INKMARK_TRIAL_DAYS = '0'
      return createRelayProcess(env)
    }))
    endpoint = await startOpenAiStandIn()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await startClockAtTestNow(context)
    const signUp = await context.newPage()
    await signUp.goto(server.url + '/sign-up')
    await signUp.getByLabel('Email').fill(EMAIL)
    await signUp.getByLabel('Password').fill(PASSWORD)
    await signUp.getByRole('button', { name: 'Sign up' }).click()
    await signUp.waitForURL((url) => !url.pathname.startsWith('/sign-up'))
    await signUp.close()
    const seed = await context.newPage()
    await seed.goto(server.url + SEED_PAGE_PATH)
    await seed.waitForFunction(() => window.inkmarkSeed !== undefined)
    const seeded = await seed.evaluate(
      (entities) => window.inkmarkSeed!(entities),
      [
        ...articlePage(
          'first',
          'https://example.org/first',
          'First page',
          articleParagraphs('one'),
          TEST_NOW,
        ),
        ...articlePage(
          'second',
          'https://example.org/second',
          'Second page',
          articleParagraphs('two'),
          TEST_NOW,
        ),
        answeredPrompts,
      ],
    )
    expect(seeded.rejected).toEqual([])
    await seed.close()
    app = await context.newPage()
    await app.goto(`${server.url}/page/first`)
    const settings: AiSettings = {
      provider: 'openai-compatible',
      endpoint: { baseUrl: endpoint.url, model: 'stand-in-model' },
    }
    await chooseAi(app, settings)
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await endpoint?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('allows one page a day, shows the popup on a second, and allows it the next day', async () => {
    // Signed in on Free (no trial): a limited plan.
    const token = await app.evaluate(() => localStorage.getItem('jwt_webmarker'))
    expect(resolvePlan(decodeTokenPayload(token!) as PlanUser, TEST_NOW)).toBe(Plan.FREE)
    const summarizeOk = async (text: string) => {
      endpoint.reply({ text })
      await startSummary(app, 'tldr')
      await summaryEnded(app, 'complete')
      await expect
        .poll(() => summaryPanel(app).locator('.ai-summary-text').textContent())
        .toBe(text)
    }
    await summarizeOk('The first page, in short.')
    // The same page again is not a new one.
    await summarizeOk('The first page, once more.')
    expect(endpoint.chatRequests()).toHaveLength(2)

    await app.goto(`${server.url}/page/second`)
    await startSummary(app, 'tldr')
    const [title, body] = AI_SUMMARY_DAILY_LIMIT_MESSAGE.split('. ')
    const popup = app.getByRole('dialog', { name: `${title}.` })
    await popup.waitFor()
    await popup.getByText(body!).waitFor()
    const upgrade = popup.getByRole('link', { name: 'Upgrade' })
    expect(await upgrade.getAttribute('href')).toMatch(/[?&]dialog=pricing(&|$)/)
    expect(await seriousAxeViolationsLightAndDark(app)).toEqual([])
    // Nothing went to the endpoint, nothing was saved; the dialog closes with Escape.
    expect(endpoint.chatRequests()).toHaveLength(2)
    await app.keyboard.press('Escape')
    await expect.poll(() => popup.count()).toBe(0)
    expect(await summaryPanel(app).locator('.ai-summary-meta').count()).toBe(0)

    // The next day, the second page may be summarized.
    await app.clock.setSystemTime(TEST_NOW + DAY)
    await summarizeOk('The second page, the next day.')
    expect(endpoint.chatRequests()).toHaveLength(3)
  })
})
