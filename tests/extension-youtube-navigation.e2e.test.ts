// YouTube moves from video to video without loading a page (history.pushState and its own
// yt-navigate-finish event). In the built extension, in Chromium, on the local watch page
// (tests/pages/youtube-watch.html) served as https://www.youtube.com: after moving from video A to
// video B, a transcript line highlighted in the panel and a text highlighted on the page are kept
// under B's page, never A's, and B's transcript (its own words, told apart from A's) is saved as
// B's page content (PageContent.youtubeTranscript, ADR 083), which the web app's transcript view of
// the same browser then shows with no server to fetch it from. The player response and transcript
// are the real fixtures of ../shared/fixtures/youtube.
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseTranscriptXml, parseYoutubeVideoId } from '@inkmark/shared/youtube'
import { fixturesDir } from '@inkmark/shared/fixtures'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { youtubePanel } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { highlighterReady, paintedHighlights, selectText, storeCall } from './src/extension-page'
import { hostLaunchArgs, startLoopbackHttps, type LoopbackHttps } from './src/loopback-https'
import { pressShortcut } from './src/shortcuts'
import { E2E_WEBAPP_PORT, holdE2eWebappOriginDuringBlock } from './src/e2e-webapp-origin'
import { startWebapp, type WebappServer } from './src/webapp-server'

const VIDEO_A = 'eF8Qqp7rjDg'
const VIDEO_B = 'dQw4w9WgXcQ'
const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`
/** Every line of video B's transcript starts so, to tell it from A's. */
const B_PREFIX = 'Second video: '

async function startYoutubeSite(): Promise<LoopbackHttps> {
  const template = await readFile(
    join(dirname(fileURLToPath(import.meta.url)), 'pages', 'youtube-watch.html'),
    'utf8',
  )
  const youtube = `${fixturesDir('youtube')}/youtube`
  const playerResponse = await readFile(join(youtube, `${VIDEO_A}_innertube_response.json`), 'utf8')
  const transcript = await readFile(join(youtube, `${VIDEO_A}_transcript.xml`), 'utf8')
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'https://www.youtube.com')
    const videoId = parseYoutubeVideoId(url.toString()) ?? url.searchParams.get('v')
    if (url.pathname === '/watch' && videoId !== null) {
      // The captured response, about the video asked for (its caption track's address too).
      const json = playerResponse.split(VIDEO_A).join(videoId).replace(/</g, '\\u003c')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(template.replace('__YT_INITIAL_PLAYER_RESPONSE__', json))
    } else if (url.pathname === '/api/timedtext' && url.searchParams.get('lang') === 'en') {
      response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
      response.end(
        url.searchParams.get('v') === VIDEO_B
          ? transcript.replace(/(<text\b[^>]*>)/g, `$1${B_PREFIX}`)
          : transcript,
      )
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
  }
  return startLoopbackHttps('www.youtube.com', handler)
}

interface StoredBookmark {
  _id: string
  url: string
  deletedAt?: number
}
interface StoredMark {
  _bookmark: string
  url: string
  text?: string
  deletedAt?: number
}
interface StoredPageContent {
  url: string
  youtubeTranscript?: { url: string; transcripts: { text: string; offset: number }[] }
}

const lineText = (page: Page, index: number) =>
  youtubePanel(page).text(`li.line[data-index="${index}"] .text`)

describe('highlights after YouTube navigates to another video', () => {
  // The web app shares the extension's library in the same browser (ADR 035).
  holdE2eWebappOriginDuringBlock()
  let site: LoopbackHttps
  let browser: ExtensionBrowser
  let webapp: WebappServer
  let linesOfA: string[]

  beforeAll(async () => {
    linesOfA = parseTranscriptXml(
      await readFile(`${fixturesDir('youtube')}/youtube/${VIDEO_A}_transcript.xml`, 'utf8'),
    ).map((line) => line.text)
    site = await startYoutubeSite()
    // No misc server: the web app cannot fetch a transcript, only read the library's.
    webapp = await startWebapp({ port: E2E_WEBAPP_PORT })
    browser = await launchWithExtension(undefined, { extraArgs: hostLaunchArgs(site) })
  })

  afterAll(async () => {
    await browser?.close()
    await webapp?.close()
    await site?.close()
  })

  it('keeps them, and the transcript, under the video that is showing', async () => {
    const page = await browser.context.newPage()
    await page.goto(watchUrl(VIDEO_A))
    await highlighterReady(page)
    await expect.poll(() => lineText(page, 2)).toBe(linesOfA[2])

    // What YouTube does: a history entry, a re-rendered title and its own event.
    await page.evaluate((next) => {
      history.pushState({}, '', next)
      document.querySelector('h1')!.textContent = 'Never Gonna Give You Up'
      document.dispatchEvent(new Event('yt-navigate-finish'))
    }, `/watch?v=${VIDEO_B}`)
    await expect.poll(() => lineText(page, 2)).toBe(`${B_PREFIX}${linesOfA[2]}`)

    await youtubePanel(page).click('li.line[data-index="2"] button.mark')
    await expect.poll(() => youtubePanel(page).count('li.line.highlighted[data-index="2"]')).toBe(1)
    await selectText(page, 'h1', 6, 11)
    await pressShortcut(page, 'Alt+S')
    await expect.poll(async () => (await paintedHighlights(page)).length).toBe(1)

    const bookmarks = (await storeCall<StoredBookmark[]>(browser, 'getAllBookmarks')).filter(
      (bookmark) => bookmark.deletedAt === undefined,
    )
    const urlOf = new Map(bookmarks.map((bookmark) => [bookmark._id, bookmark.url]))
    expect(bookmarks.map((bookmark) => bookmark.url)).toEqual([watchUrl(VIDEO_B)])
    const marks = (await storeCall<StoredMark[]>(browser, 'getAllMarks')).filter(
      (mark) => mark.deletedAt === undefined,
    )
    expect(
      marks
        .map((mark) => ({ page: urlOf.get(mark._bookmark), text: mark.text }))
        .sort((a, b) => (a.text ?? '').localeCompare(b.text ?? '')),
    ).toEqual(
      [
        { page: watchUrl(VIDEO_B), text: 'Gonna' },
        { page: watchUrl(VIDEO_B), text: `${B_PREFIX}${linesOfA[2]}` },
      ].sort((a, b) => a.text.localeCompare(b.text)),
    )

    // B's transcript, in B's words, is B's page content; A has none.
    await expect
      .poll(
        async () =>
          (
            await storeCall<StoredPageContent | null>(
              browser,
              'getPageContentForUrl',
              watchUrl(VIDEO_B),
            )
          )?.youtubeTranscript?.transcripts.length ?? 0,
      )
      .toBe(linesOfA.length)
    const content = await storeCall<StoredPageContent>(
      browser,
      'getPageContentForUrl',
      watchUrl(VIDEO_B),
    )
    expect(content.youtubeTranscript!.url).toBe(watchUrl(VIDEO_B))
    expect(content.youtubeTranscript!.transcripts[0]!.text).toBe(`${B_PREFIX}${linesOfA[0]}`)
    expect(
      await storeCall<StoredPageContent | null>(browser, 'getPageContentForUrl', watchUrl(VIDEO_A)),
    ).toBeFalsy()
    await page.close()

    // The web app's transcript view reads B's saved transcript, with nothing to fetch it from.
    const app = await browser.context.newPage()
    await app.goto(`${webapp.url}/`)
    await app.getByText('Library shared with the Inkmark extension').waitFor({ timeout: 30_000 })
    await expect
      .poll(() => app.getByRole('link', { name: 'Halloween Infrastructure Update' }).count())
      .toBeGreaterThan(0)
    await app.goto(`${webapp.url}/youtube?v=${VIDEO_B}`)
    const firstLine = app.locator('.yt-line .yt-text').first()
    await firstLine.waitFor({ timeout: 30_000 })
    expect(await firstLine.textContent()).toBe(`${B_PREFIX}${linesOfA[0]}`)
    expect(await app.locator('.yt-line').count()).toBe(linesOfA.length)
    await app.close()
  }, 240_000)
})
