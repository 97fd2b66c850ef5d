// The free tools in the web app (docs/adr/075), as the site's tool forms reach them, for a visitor
// with no account and nothing in the library: the built web app in Chromium, a real relay and misc
// server, a loopback site of the test's own (the misc server's loopback allowance, tests only) and
// the YouTube stand-in. /reader?url= fetches a page that is not saved and a highlight saves it with
// its text; a page that is not HTML says so; summarize=1 summarizes on the OpenAI stand-in (and,
// with no AI set up, shows the set-up guidance and saves nothing); /youtube lists the fixture's
// lines, searches them, highlights a line the way the extension stores it and downloads the .srt;
// a video without captions says so; /?dialog=add-content opens with nothing over it. axe-core
// finds nothing serious on each screen.
import { fixturesDir } from '@inkmark/shared/fixtures'
import { parseTranscriptXml } from '@inkmark/shared/youtube'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startYoutubeStandIn,
  type YoutubeStandIn,
} from '../relay/src/misc/testing/youtube-stand-in'
import { articleParagraphs, chooseAi, summaryEnded, summaryPanel } from './src/ai-summary-page'
import { seriousAxeViolations, seriousAxeViolationsLightAndDark } from './src/axe'
import { cspViolations, recordCspViolations } from './src/csp-watch'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import type { MiscProcess } from './src/misc-process'
import { startOpenAiStandIn, type OpenAiStandIn } from './src/openai-stand-in'
import { highlightsInArticle, selectInArticle } from './src/reader-article-page'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import type { WebappServer } from './src/webapp-server'
import { startWebappWithRelayAndMisc } from './src/webapp-with-relay'

const SENTENCE = 'A library keeps the quiet that a reader brings to it'
const articleHtml = (title: string, topic: string, extra = '') =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${extra}${articleParagraphs(
    topic,
  )
    .map((text) => `<p>${text}</p>`)
    .join('')}</article></body></html>`

const SITE_PAGES: Record<string, { type: string; body: string }> = {
  '/quiet-library': {
    type: 'text/html; charset=utf-8',
    body: articleHtml('The quiet library', 'libraries', `<p>${SENTENCE}, and gives it back.</p>`),
  },
  '/tide-tables': { type: 'text/html; charset=utf-8', body: articleHtml('Tide tables', 'tides') },
  '/river-maps': { type: 'text/html; charset=utf-8', body: articleHtml('River maps', 'rivers') },
  '/harbour-lights': {
    type: 'text/html; charset=utf-8',
    body: articleHtml('Harbour lights', 'harbours'),
  },
  '/report.pdf': { type: 'application/pdf', body: '%PDF-1.4 not a page' },
}

const VIDEO_ID = 'eF8Qqp7rjDg'
const VIDEO_TITLE = 'Halloween Infrastructure Update - 27th October 2023'
const fixtureLines = parseTranscriptXml(
  readFileSync(`${fixturesDir('youtube')}/youtube/${VIDEO_ID}_transcript.xml`, 'utf8'),
)

describe('the free tools in the web app', () => {
  let relay: RelayProcess
  let misc: MiscProcess
  let server: WebappServer
  let browser: Browser
  let site: Server
  let siteUrl: string
  let youtube: YoutubeStandIn
  let endpoint: OpenAiStandIn
  const siteRequests: string[] = []

  beforeAll(async () => {
    site = createServer((request, response) => {
      siteRequests.push(request.url ?? '')
      const page = SITE_PAGES[request.url ?? '']
      if (page === undefined) {
        response.writeHead(404).end()
      } else {
        response.writeHead(200, { 'content-type': page.type }).end(page.body)
      }
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
    youtube = await startYoutubeStandIn()
    endpoint = await startOpenAiStandIn({ models: ['stand-in-model'] })
    ;({ relay, misc, server } = await startWebappWithRelayAndMisc(createRelayProcess, {
      miscEnv: { INKMARK_FETCHER_ALLOW_LOOPBACK: '1', INKMARK_YOUTUBE_ORIGIN: youtube.origin },
    }))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  }, 400_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await misc?.stop()
    await relay?.dispose()
    await youtube?.close()
    await endpoint?.close()
    site?.closeAllConnections()
    await new Promise((resolve) => site?.close(resolve))
  })

  /** A fresh visitor: a context of its own, nothing stored. */
  async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
    await recordCspViolations(context)
    return { context, page: await context.newPage() }
  }

  const readerAddress = (path: string, extra = '') =>
    `${server.url}/reader?url=${encodeURIComponent(siteUrl + path)}${extra}`

  it('fetches a page that is not saved, and a highlight saves it with its text', async () => {
    const { context, page } = await visitor()
    await page.goto(readerAddress('/quiet-library'))
    await page.getByRole('heading', { level: 1, name: 'The quiet library' }).waitFor()
    await expect.poll(() => page.getByText('not in your library', { exact: false }).count()).toBe(1)
    expect(siteRequests.filter((path) => path === '/quiet-library')).toHaveLength(1)
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])

    await selectInArticle(page, SENTENCE)
    const palette = page.getByRole('toolbar', { name: 'Highlight colours' })
    await palette.waitFor()
    await palette.getByRole('button', { name: 'Highlight yellow' }).click()
    await expect
      .poll(async () => Object.values(await highlightsInArticle(page)))
      .toEqual([SENTENCE])
    await expect
      .poll(() => page.getByText('This page is in your library;', { exact: false }).count())
      .toBe(1)

    // Read again from the library: no second fetch, the highlight in place.
    await page.reload()
    await expect
      .poll(async () => Object.values(await highlightsInArticle(page)))
      .toEqual([SENTENCE])
    expect(siteRequests.filter((path) => path === '/quiet-library')).toHaveLength(1)
    expect(await page.getByText('not in your library', { exact: false }).count()).toBe(0)

    expect(await cspViolations(page)).toEqual([])

    // The page is in the library with its real title.
    await page.goto(server.url + '/')
    await expect.poll(() => page.getByText('The quiet library').count()).toBeGreaterThan(0)
    await context.close()
  }, 120_000)

  it('fetches through /page-content with the login token when signed in', async () => {
    const { context, page } = await visitor()
    await page.goto(server.url + '/sign-up')
    await page.getByLabel('Email').fill(`tools-${Date.now()}@example.org`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'))
    const miscCalls: { path: string; signedIn: boolean }[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(misc.url) && request.method() === 'POST') {
        miscCalls.push({
          path: new URL(request.url()).pathname,
          signedIn: (request.headers().authorization ?? '').startsWith('Bearer '),
        })
      }
    })
    await page.goto(readerAddress('/harbour-lights'))
    await page.getByRole('heading', { level: 1, name: 'Harbour lights' }).waitFor()
    expect(miscCalls).toEqual([{ path: '/page-content', signedIn: true }])
    await context.close()
  }, 120_000)

  it("says in words when the address is not an HTML page, with the original's link", async () => {
    const { context, page } = await visitor()
    await page.goto(readerAddress('/report.pdf'))
    await page
      .getByRole('heading', { level: 1, name: 'This page has no article to read.' })
      .waitFor()
    expect(
      await page.getByRole('link', { name: 'Open the original page' }).getAttribute('href'),
    ).toBe(`${siteUrl}/report.pdf`)
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  }, 60_000)

  it('summarizes a fetched page with summarize=1 on the configured endpoint', async () => {
    const { context, page } = await visitor()
    await page.goto(server.url + '/help/ai')
    await chooseAi(page, {
      provider: 'openai-compatible',
      endpoint: { baseUrl: endpoint.url, model: 'stand-in-model' },
    })
    endpoint.reply({ chunks: ['Tide tables ', 'say when the sea ', 'is high.'] })
    await page.goto(readerAddress('/tide-tables', '&summarize=1'))
    await page.getByRole('heading', { level: 1, name: 'Tide tables' }).waitFor()
    // A link alone saves nothing and asks no AI: the person's click does.
    const saveAndSummarize = summaryPanel(page).getByRole('button', { name: 'Save and summarize' })
    await saveAndSummarize.waitFor()
    const requestsBefore = endpoint.chatRequests().length
    expect(await page.getByText('not in your library', { exact: false }).count()).toBe(1)
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(endpoint.chatRequests().length).toBe(requestsBefore)
    await saveAndSummarize.click()
    await summaryEnded(page, 'complete')
    await expect
      .poll(() => summaryPanel(page).locator('.ai-summary-text').textContent())
      .toBe('Tide tables say when the sea is high.')
    // The summary was made from the fetched article, now saved with the page.
    expect(endpoint.chatRequests().at(-1)?.messages.at(-1)?.content).toContain(
      'Paragraph 1 about tides',
    )
    await expect
      .poll(() => page.getByText('This page is in your library;', { exact: false }).count())
      .toBe(1)
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  }, 120_000)

  it('shows the AI set-up guidance for summarize=1 with no AI, and saves nothing', async () => {
    const { context, page } = await visitor()
    await page.goto(server.url + '/help/ai')
    await chooseAi(page, {
      provider: 'off',
      endpoint: { baseUrl: '', model: '' },
    })
    await page.goto(readerAddress('/river-maps', '&summarize=1'))
    await page.getByRole('heading', { level: 1, name: 'River maps' }).waitFor()
    const summary = summaryPanel(page)
    await expect.poll(() => summary.getByText('AI is turned off on this device.').count()).toBe(1)
    expect(await summary.getByRole('link', { name: 'AI settings' }).count()).toBe(1)
    expect(await page.getByText('not in your library', { exact: false }).count()).toBe(1)
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  }, 60_000)

  it("lists a video's transcript, searches it, highlights a line and downloads the .srt", async () => {
    const { context, page } = await visitor()
    await page.goto(
      `${server.url}/youtube?url=${encodeURIComponent(
        `https://www.youtube.com/watch?v=${VIDEO_ID}&t=42s`,
      )}`,
    )
    await page.getByRole('heading', { level: 1, name: VIDEO_TITLE }).waitFor()
    const lines = page.locator('.yt-line')
    await expect.poll(() => lines.count()).toBe(fixtureLines.filter((line) => line.text).length)
    expect(await lines.first().locator('.yt-text').textContent()).toBe(fixtureLines[0]!.text)
    expect(await lines.first().locator('.yt-time').textContent()).toMatch(/^\d\d:\d\d$/)
    expect(await page.getByRole('link', { name: 'Watch on YouTube' }).getAttribute('href')).toBe(
      `https://www.youtube.com/watch?v=${VIDEO_ID}`,
    )
    expect(await seriousAxeViolations(page)).toEqual([])

    // Search: only the matching lines stay, counted.
    const word = fixtureLines[2]!.text.split(' ').find((part) => part.length > 4)!
    const matching = fixtureLines.filter((line) =>
      line.text.toLowerCase().includes(word.toLowerCase()),
    ).length
    await page.getByLabel('Search the transcript').fill(word)
    await expect.poll(() => lines.count()).toBe(matching)
    await page.getByLabel('Search the transcript').fill('')
    await expect.poll(() => lines.count()).toBe(fixtureLines.length)

    // A line's toggle, by keyboard: the list is one Tab stop, the arrows move along it.
    const third = lines.nth(2).getByRole('button')
    await lines.first().getByRole('button').focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await third.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => third.getAttribute('aria-pressed')).toBe('true')
    await expect
      .poll(() => page.getByText('In your library, with its transcript', { exact: false }).count())
      .toBe(1)
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([])

    // Read from the library after a reload: no second transcript fetch, the line still highlighted.
    const watchRequests = youtube.requests.filter((path) => path.startsWith('/watch')).length
    await page.reload()
    await expect
      .poll(() => lines.nth(2).getByRole('button').getAttribute('aria-pressed'))
      .toBe('true')
    expect(youtube.requests.filter((path) => path.startsWith('/watch')).length).toBe(watchRequests)

    // Two lines selected as text are one highlight over both.
    await page.evaluate(() => {
      const texts = document.querySelectorAll('.yt-line .yt-text')
      const range = document.createRange()
      range.setStart(texts[5]!.firstChild!, 2)
      range.setEnd(texts[6]!.firstChild!, 3)
      document.getSelection()!.removeAllRanges()
      document.getSelection()!.addRange(range)
    })
    const highlightSelection = page.getByRole('button', { name: 'Highlight selection' })
    await expect.poll(() => highlightSelection.isEnabled()).toBe(true)
    await highlightSelection.click()
    for (const index of [5, 6]) {
      await expect
        .poll(() => lines.nth(index).getByRole('button').getAttribute('aria-pressed'))
        .toBe('true')
    }
    expect(await lines.nth(4).getByRole('button').getAttribute('aria-pressed')).toBe('false')
    expect(await lines.nth(7).getByRole('button').getAttribute('aria-pressed')).toBe('false')
    expect(await cspViolations(page)).toEqual([])

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download .srt' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`${VIDEO_TITLE}.srt`)
    const srt = await readFile(await file.path(), 'utf8')
    const cues = srt.trim().split('\n\n')
    expect(cues).toHaveLength(fixtureLines.length)
    expect(cues[0]!.split('\n')).toEqual([
      '1',
      expect.stringMatching(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/),
      fixtureLines[0]!.text,
    ])
    await context.close()
  }, 120_000)

  it("summarizes a video's transcript with summarize=1, saving the video with it", async () => {
    const { context, page } = await visitor()
    await page.goto(server.url + '/help/ai')
    await chooseAi(page, {
      provider: 'openai-compatible',
      endpoint: { baseUrl: endpoint.url, model: 'stand-in-model' },
    })
    endpoint.reply({ chunks: ['An update ', 'for Halloween.'] })
    await page.goto(`${server.url}/youtube?v=${VIDEO_ID}&summarize=1`)
    await page.getByRole('heading', { level: 1, name: VIDEO_TITLE }).waitFor()
    // Nothing is saved or summarized before the person asks.
    const requestsBefore = endpoint.chatRequests().length
    await summaryPanel(page).getByRole('button', { name: 'Save and summarize' }).click()
    await summaryEnded(page, 'complete')
    expect(endpoint.chatRequests().length).toBeGreaterThan(requestsBefore)
    await expect
      .poll(() => summaryPanel(page).locator('.ai-summary-text').textContent())
      .toBe('An update for Halloween.')
    expect(await summaryPanel(page).getByText("Made from the video's transcript.").count()).toBe(1)
    expect(endpoint.chatRequests().at(-1)?.messages.at(-1)?.content).toContain(
      fixtureLines[1]!.text,
    )
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  }, 120_000)

  it('says so for a video without captions, and for an address that is no video', async () => {
    const { context, page } = await visitor()
    await page.goto(`${server.url}/youtube?v=${youtube.videoIds.noCaptions}`)
    await page
      .getByRole('heading', {
        level: 1,
        name: 'This video has no captions, so there is no transcript to show.',
      })
      .waitFor()
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1)
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.goto(`${server.url}/youtube?url=${encodeURIComponent('https://example.org/video')}`)
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('That is not the address of a YouTube video.')
    expect(await page.getByLabel('YouTube video address').count()).toBe(1)
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  }, 60_000)

  it('opens add-content for a fresh visitor with nothing over it', async () => {
    const { context, page } = await visitor()
    await page.goto(`${server.url}/?dialog=add-content`)
    const dialog = page.getByRole('dialog', { name: 'Add content' })
    await dialog.waitFor()
    expect(await page.getByRole('dialog').count()).toBe(1)
    await dialog.getByLabel('Title').fill('Notes on margins')
    const editor = dialog.getByRole('textbox', { name: 'Text', exact: true })
    await editor.click()
    await page.keyboard.type('Margins are where a reader answers back.')
    expect(await seriousAxeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/content/'))
    await expect
      .poll(() => page.getByText('Margins are where a reader answers back.').count())
      .toBeGreaterThan(0)
    await context.close()
  }, 60_000)
})
