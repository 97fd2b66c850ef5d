// The isAiChatEnabled flag of GET /config turns AI chat off in the web app: with a real relay on
// loopback started with INKMARK_AI_CHAT_ENABLED=0, the page detail has no AI chat tab, the header
// no Ask your library, and /ask says chat is off. (With chat on, the other AI chat tests run.)
import { createBookmark, createMark } from '@inkmark/shared'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { TEST_NOW } from './src/test-clock'
import { endpointSettings, openSeededApp } from './src/webapp-ai-chat-page'
import type { WebappServer } from './src/webapp-server'
import { startWebappWithRelay } from './src/webapp-with-relay'

const memory = {
  ...createBookmark(
    { _id: 'page-memory', url: 'https://mind.example.org/memory', title: 'How memory works' },
    TEST_NOW,
  ),
  isStarred: true,
}
const spacing = createMark(
  { _id: 'mark-spacing', _bookmark: memory._id, url: memory.url, text: 'Spaced repetition.' },
  TEST_NOW,
)

describe('AI chat turned off by the relay', () => {
  let relay: RelayProcess
  let server: WebappServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    ;({ relay, server } = await startWebappWithRelay((env) => {
      env.INKMARK_AI_CHAT_ENABLED = '0'
      return createRelayProcess(env)
    }))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    ;({ page } = await openSeededApp(browser, server, {
      entities: [memory, spacing],
      settings: endpointSettings('http://127.0.0.1:9/v1', 'any-model'),
    }))
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await relay?.dispose()
  })

  it('hides the AI chat tab and Ask your library, and /ask says chat is off', async () => {
    await page.goto(`${server.url}/page/${memory._id}`)
    const tabs = page.getByRole('tab')
    await expect.poll(() => tabs.allTextContents()).toEqual(['Notebook (1)', 'Reader'])
    const nav = page.getByRole('navigation', { name: 'Main' })
    expect(await nav.getByRole('link', { name: 'Ask your library' }).count()).toBe(0)

    // The flag is remembered (serverConfigJsonString): a reload shows no tab even for a moment.
    await page.reload()
    await page.getByRole('tab', { name: 'Reader' }).waitFor()
    expect(await tabs.allTextContents()).toEqual(['Notebook (1)', 'Reader'])

    await page.goto(`${server.url}/ask`)
    await expect.poll(() => page.getByRole('main').textContent()).toContain('AI chat is turned off')
    expect(await page.getByRole('textbox', { name: 'Ask your library' }).count()).toBe(0)
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
  })
})
