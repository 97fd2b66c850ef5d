// What the web app's AI summary tests do on a page: choose the device's AI (as the AI settings
// store it, device-local), pick a summary's type and length in the panel and start it, and read
// the panel's status. The panel is the "AI summary" region of the page detail and the reader.
import {
  AI_SUMMARY_TYPE_LABELS,
  createBookmark,
  createPageContent,
  type AiSettings,
  type AiSummaryLength,
  type AiSummaryType,
} from '@inkmark/shared'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/** The localStorage key the web app keeps its AI settings under (device-local). */
export const AI_SETTINGS_KEY = 'inkmark.aiSettings'

/** Stores `settings` as this device's AI settings and reloads the page so the app reads them. */
export async function chooseAi(page: Page, settings: AiSettings): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    AI_SETTINGS_KEY,
    JSON.stringify(settings),
  ] as const)
  await page.reload()
}

/** The summary panel of the page shown. */
export function summaryPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'AI summary' })
}

/** The panel's run status (none, setup, summarizing, complete, failed). */
export function summaryStatus(page: Page): Promise<string | null> {
  return summaryPanel(page).getAttribute('data-status')
}

const LENGTH_LABELS: Record<AiSummaryLength, string> = {
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
}

/** Picks `option` in the panel's design-system Select labelled `label` (unless it is chosen). */
async function pick(page: Page, label: string, option: string): Promise<void> {
  const button = summaryPanel(page).getByRole('button', { name: new RegExp(label) })
  if ((await button.locator('.ink-select__value').textContent()) === option) {
    return
  }
  await button.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Starts a summary of `type` and `length` (Summarize, or Summarize again). */
export async function startSummary(
  page: Page,
  type: AiSummaryType,
  length: AiSummaryLength = 'medium',
): Promise<void> {
  const panel = summaryPanel(page)
  await panel.getByRole('button', { name: /^Summarize/ }).waitFor()
  await pick(page, 'Summary type', AI_SUMMARY_TYPE_LABELS[type])
  await pick(page, 'Length', LENGTH_LABELS[length])
  await panel.getByRole('button', { name: /^Summarize/ }).click()
}

/** Waits until the panel's run ended with `status`. */
export async function summaryEnded(
  page: Page,
  status: 'complete' | 'failed' | 'none',
): Promise<void> {
  await expect.poll(() => summaryStatus(page), { timeout: 20_000 }).toBe(status)
}

/** A page of the library with its saved article (the summary's text), for the seed page. */
export function articlePage(
  id: string,
  url: string,
  title: string,
  paragraphs: readonly string[],
  now: number,
): unknown[] {
  const body = paragraphs.map((text) => `<p>${text}</p>`).join('\n')
  return [
    { ...createBookmark({ _id: id, url, title }, now), isStarred: true },
    createPageContent(
      {
        _id: `${id}-content`,
        url,
        title,
        content: `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${body}</article></body></html>`,
      },
      now,
    ),
  ]
}

/** Paragraphs long enough for the reader's article extraction. */
export function articleParagraphs(topic: string): string[] {
  return Array.from(
    { length: 6 },
    (_, index) =>
      `Paragraph ${index + 1} about ${topic}: the reader keeps the text of an article and drops the page around it, so a summary is made from what the author wrote, with enough words in each paragraph to count as content.`,
  )
}
