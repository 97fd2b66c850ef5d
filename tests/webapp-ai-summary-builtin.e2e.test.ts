// Summaries on the browser's built-in AI in the web app, against the stand-in of Chrome's
// documented Summarizer and LanguageModel globals (tests/src/builtin-ai-stand-in.ts, installed in
// the page before the app's scripts): the AI settings show that the model must be downloaded and
// download it with its progress; a first summary downloads it too, with the progress in the panel;
// the reader has the same panel; a YouTube video is summarized from its transcript; and with no
// built-in AI and no endpoint, the panel says so and links to the AI settings. axe-core is clean
// in light and dark on each.
import {
  SUMMARIZER_UNAVAILABLE,
  createBookmark,
  createPageContent,
  createTranscript,
} from '@inkmark/shared'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  articlePage,
  articleParagraphs,
  startSummary,
  summaryEnded,
  summaryPanel,
} from './src/ai-summary-page'
import { seriousAxeViolationsLightAndDark } from './src/axe'
import {
  builtinAiStandInRequests,
  builtinAiStandInScript,
  type BuiltinAiStandInConfig,
} from './src/builtin-ai-stand-in'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import {
  SEED_PAGE_PATH,
  answeredPrompts,
  startWebapp,
  type WebappServer,
} from './src/webapp-server'

const VIDEO_URL = 'https://www.youtube.com/watch?v=eF8Qqp7rjDg'
const TRANSCRIPT = [
  'Welcome back to the channel.',
  'Today we build a bird feeder from one plank of cedar.',
  'First, cut the plank into five pieces.',
]

/** Records every "Downloading the AI model: N%" the page shows, in order. */
async function recordDownloadProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = []
    ;(window as unknown as { __progress: number[] }).__progress = seen
    const read = () => {
      for (const match of document.body.innerText.matchAll(/Downloading the AI model: (\d+)%/g)) {
        const value = Number(match[1])
        if (seen.at(-1) !== value) {
          seen.push(value)
        }
      }
    }
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    })
  })
}

const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __progress: number[] }).__progress)

describe('AI summaries on the built-in AI in the web app', () => {
  let server: WebappServer
  let browser: Browser

  beforeAll(async () => {
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  /** A device whose browser has the stand-in built-in AI of `config`, with `entities` seeded. */
  async function device(
    config: BuiltinAiStandInConfig,
    entities: unknown[],
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addInitScript(builtinAiStandInScript(config))
    const page = await context.newPage()
    await page.goto(server.url + SEED_PAGE_PATH)
    await page.waitForFunction(() => window.inkmarkSeed !== undefined)
    const seeded = await page.evaluate(
      (list) => window.inkmarkSeed!(list),
      [...entities, answeredPrompts],
    )
    expect(seeded.rejected).toEqual([])
    return { context, page }
  }

  it('downloads the model from the AI settings, with its progress', async () => {
    const { context, page } = await device(
      {
        // As Chrome: a download needs the person's click (transient activation).
        summarizer: {
          availability: 'downloadable',
          downloadSteps: [0, 0.25, 0.5, 1],
          requireUserActivation: true,
        },
        languageModel: {
          availability: 'downloadable',
          downloadSteps: [0, 0.5, 1],
          requireUserActivation: true,
        },
      },
      [],
    )
    try {
      await page.goto(`${server.url}/settings?view=settings#ai`)
      const section = page.getByRole('group', { name: 'AI', exact: true })
      expect(await section.getByRole('radio', { name: 'Built-in AI (browser)' }).isChecked()).toBe(
        true,
      )
      await section.getByText('must be downloaded once').waitFor()
      expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
      await recordDownloadProgress(page)
      await section.getByRole('button', { name: 'Download the AI model' }).click()
      await section.getByText('built-in AI is ready on this device').waitFor()
      const progress = await progressSeen(page)
      expect(progress.length).toBeGreaterThan(0)
      expect(progress).toEqual([...progress].sort((a, b) => a - b))
      expect(progress.every((value) => value >= 0 && value <= 100)).toBe(true)
      // Each API was created once with a monitor (the download) and destroyed again.
      const creates = (await builtinAiStandInRequests(page)).filter(
        (request) => request.method === 'create',
      )
      expect(creates.map((request) => request.api).sort()).toEqual(['LanguageModel', 'Summarizer'])
    } finally {
      await context.close()
    }
  })

  it('downloads the model on the first summary, showing the progress, then saves it', async () => {
    const now = Date.now()
    const { context, page } = await device(
      {
        summarizer: {
          availability: 'downloadable',
          downloadSteps: [0, 0.5, 1],
          requireUserActivation: true,
          chunks: ['* Cedar ', 'feeder\n', '* Five pieces'],
        },
        languageModel: { availability: 'available' },
      },
      articlePage(
        'bi-page',
        'https://example.org/feeder',
        'A feeder',
        articleParagraphs('cedar'),
        now,
      ),
    )
    try {
      await page.goto(`${server.url}/page/bi-page`)
      await summaryPanel(page).getByRole('button', { name: 'Summarize' }).waitFor()
      await recordDownloadProgress(page)
      await startSummary(page, 'key-points', 'short')
      await summaryEnded(page, 'complete')
      expect((await progressSeen(page)).length).toBeGreaterThan(0)
      await expect
        .poll(() => summaryPanel(page).locator('.ai-summary-text li').allTextContents())
        .toEqual(['Cedar feeder', 'Five pieces'])
      const summarized = (await builtinAiStandInRequests(page)).filter(
        (request) => request.method === 'summarizeStreaming',
      )
      expect(summarized).toHaveLength(1)
      expect(String(summarized[0]!.input)).toContain('Paragraph 2 about cedar')
      const created = (await builtinAiStandInRequests(page)).find(
        (request) => request.api === 'Summarizer' && request.method === 'create',
      )
      expect(created?.options).toMatchObject({ type: 'key-points', length: 'short' })
      expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])

      // The reader of the same page has the panel, with the saved summary.
      await page.goto(
        `${server.url}/reader?url=${encodeURIComponent('https://example.org/feeder')}&pageContent=bi-page-content`,
      )
      await page.locator('.reader-content').waitFor()
      await expect
        .poll(() => summaryPanel(page).locator('.ai-summary-meta').textContent())
        .toContain('Key Points')
      await startSummary(page, 'headline', 'short')
      await summaryEnded(page, 'complete')
      await expect
        .poll(() => summaryPanel(page).locator('.ai-summary-meta').textContent())
        .toContain('Headline')
      expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('summarizes a YouTube video from its transcript', async () => {
    const now = Date.now()
    const { context, page } = await device(
      { summarizer: { chunks: ['A cedar ', 'bird feeder ', 'build.'] } },
      [
        {
          ...createBookmark({ _id: 'yt-page', url: VIDEO_URL, title: 'Bird feeder build' }, now),
          isStarred: true,
        },
        createPageContent(
          {
            _id: 'yt-content',
            url: VIDEO_URL,
            title: 'Bird feeder build',
            youtubeTranscript: createTranscript({
              url: VIDEO_URL,
              transcripts: TRANSCRIPT.map((text, index) => ({
                text,
                offset: index * 4,
                duration: 4,
              })),
            }),
          },
          now,
        ),
      ],
    )
    try {
      await page.goto(`${server.url}/page/yt-page`)
      const panel = summaryPanel(page)
      await panel.getByText("Made from the video's transcript.").waitFor()
      // By keyboard alone: the type's list opens on Enter, TL;DR is two down, Tab reaches the
      // length and then Summarize.
      await panel.getByRole('button', { name: /Summary type/ }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('option', { name: 'TL;DR' }).waitFor()
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      await expect
        .poll(() => panel.getByRole('button', { name: /Summary type/ }).textContent())
        .toContain('TL;DR')
      // The list gives the focus back to its button (a frame later); then Tab, Tab, Enter.
      const focused = (name: RegExp) =>
        panel.getByRole('button', { name }).evaluate((button) => button === document.activeElement)
      await expect.poll(() => focused(/Summary type/)).toBe(true)
      await page.keyboard.press('Tab')
      await expect.poll(() => focused(/Length/)).toBe(true)
      await page.keyboard.press('Tab')
      await expect.poll(() => focused(/^Summarize/)).toBe(true)
      await page.keyboard.press('Enter')
      await summaryEnded(page, 'complete')
      const created = (await builtinAiStandInRequests(page)).filter(
        (request) => request.api === 'Summarizer' && request.method === 'create',
      )
      expect(created.map((request) => request.options?.type)).toContain('tldr')
      const input = (await builtinAiStandInRequests(page)).find(
        (request) => request.method === 'summarizeStreaming',
      )?.input
      expect(input).toBe(TRANSCRIPT.join(' '))
      await expect
        .poll(() => summaryPanel(page).locator('.ai-summary-text').textContent())
        .toBe('A cedar bird feeder build.')
    } finally {
      await context.close()
    }
  })

  it('says when no AI can run here, and links to the AI settings', async () => {
    const now = Date.now()
    const { context, page } = await device(
      { summarizer: { present: false }, languageModel: { present: false } },
      articlePage(
        'none-page',
        'https://example.org/none',
        'No AI here',
        articleParagraphs('none'),
        now,
      ),
    )
    try {
      await page.goto(`${server.url}/page/none-page`)
      const panel = summaryPanel(page)
      await panel.getByText(SUMMARIZER_UNAVAILABLE).waitFor()
      expect(await panel.getByRole('button', { name: /^Summarize/ }).count()).toBe(0)
      expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
      await panel.getByRole('link', { name: 'AI settings' }).click()
      await page.waitForURL(/\/settings\?view=settings#ai$/)
      const section = page.getByRole('group', { name: 'AI', exact: true })
      await section.getByText(SUMMARIZER_UNAVAILABLE).waitFor()
      expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
