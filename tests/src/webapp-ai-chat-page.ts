// What the web app's AI chat tests share: a fresh browser context per test (its own library, its
// own day's chat count) seeded through the seed page, with this device's AI settings stored as the
// app stores them (localStorage, device-local), and the chat screen's parts. Pages with a saved
// article come from ./ai-summary-page.ts (articlePage).
import type { AiSettings } from '@inkmark/shared'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { AI_SETTINGS_KEY } from './ai-summary-page'
import { startClockAtTestNow } from './test-clock'
import { SEED_PAGE_PATH, answeredPrompts, type WebappServer } from './webapp-server'

/** AI settings choosing the OpenAI-compatible endpoint at `baseUrl` (a stand-in in tests). */
export function endpointSettings(baseUrl: string, model: string): AiSettings {
  return { provider: 'openai-compatible', endpoint: { baseUrl, model } }
}

/** Options of openSeededApp. */
export interface SeededAppOptions {
  entities: readonly unknown[]
  settings: AiSettings
  /** Scripts for every page of the context before the app's own (the built-in AI stand-in). */
  initScripts?: readonly string[]
}

/** A new context on the test clock with `entities` in its library and `settings` as its AI. */
export async function openSeededApp(
  browser: Browser,
  server: WebappServer,
  options: SeededAppOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await startClockAtTestNow(context)
  for (const script of options.initScripts ?? []) {
    await context.addInitScript(script)
  }
  const page = await context.newPage()
  await page.goto(server.url + SEED_PAGE_PATH)
  await page.waitForFunction(() => window.inkmarkSeed !== undefined)
  const result = await page.evaluate(
    (entities) => window.inkmarkSeed!(entities),
    [answeredPrompts, ...options.entities],
  )
  expect(result.rejected).toEqual([])
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    AI_SETTINGS_KEY,
    JSON.stringify(options.settings),
  ] as const)
  return { context, page }
}

/** The chat's message box. */
export function messageBox(page: Page, name: string): Locator {
  return page.getByRole('textbox', { name })
}

/** The conversation's messages (list items), oldest first. */
export function chatMessages(page: Page): Locator {
  return page.locator('.chat-messages > li')
}

/**
 * Waits until no reply is streaming in: the last reply is saved (a streaming reply is shown busy
 * until it is stored, and only then may a reload be expected to keep it).
 */
export async function replySaved(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.chat-messages > li[aria-busy=true]').count()).toBe(0)
}

/** Types `text` in the message box `name` and sends it with Enter. */
export async function sendMessage(page: Page, name: string, text: string): Promise<void> {
  const box = messageBox(page, name)
  await box.fill(text)
  await expect.poll(() => box.inputValue()).toBe(text)
  await box.press('Enter')
}
