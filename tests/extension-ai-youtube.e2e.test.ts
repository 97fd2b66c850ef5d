// The sidebar's AI summary on a YouTube watch page reads the video's transcript (ADR 050): the
// YouTube panel loads it, and the sidebar's summary sends its words, not the watch page's HTML, to
// the endpoint. The watch page is the local stand-in of tests/pages/youtube-watch.html with the
// real fixtures of ../shared/fixtures/youtube, served for https://www.youtube.com by Playwright's
// routing (nothing reaches the network); the endpoint is the OpenAI-compatible stand-in server.
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fixturesDir } from '@inkmark/shared/fixtures'
import { parseTranscriptXml, parseYoutubeVideoId } from '@inkmark/shared/youtube'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { youtubePanel } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { storeCall } from './src/extension-page'
import { sidebarFrame } from './src/extension-sidebar'
import { startOpenAiStandIn, type OpenAiStandIn } from './src/openai-stand-in'
import { pressShortcut } from './src/shortcuts'

const VIDEO_ID = 'eF8Qqp7rjDg'
const WATCH_URL = `https://www.youtube.com/watch?v=${VIDEO_ID}`

describe("the sidebar's AI summary of a YouTube video", () => {
  let browser: ExtensionBrowser
  let endpoint: OpenAiStandIn
  let transcript: string

  beforeAll(async () => {
    const youtube = fixturesDir('youtube') + '/youtube'
    const template = await readFile(
      join(dirname(fileURLToPath(import.meta.url)), 'pages', 'youtube-watch.html'),
      'utf8',
    )
    const playerResponse = await readFile(
      join(youtube, `${VIDEO_ID}_innertube_response.json`),
      'utf8',
    )
    transcript = await readFile(join(youtube, `${VIDEO_ID}_transcript.xml`), 'utf8')
    endpoint = await startOpenAiStandIn()
    browser = await launchWithExtension()
    await browser.context.route('https://www.youtube.com/**', (route) => {
      const url = new URL(route.request().url())
      if (url.pathname === '/watch' && parseYoutubeVideoId(url.toString()) === VIDEO_ID) {
        const json = JSON.stringify(JSON.parse(playerResponse)).replace(/</g, '\\u003c')
        return route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: template.replace('__YT_INITIAL_PLAYER_RESPONSE__', json),
        })
      }
      if (url.pathname === '/api/timedtext' && url.searchParams.get('lang') === 'en') {
        return route.fulfill({ contentType: 'text/xml; charset=utf-8', body: transcript })
      }
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })
    })
  })

  afterAll(async () => {
    await browser?.close()
    await endpoint?.close()
  })

  it('summarizes the transcript the YouTube panel loaded', async () => {
    await browser.serviceWorker.evaluate(
      (value) =>
        (
          globalThis as unknown as {
            chrome: { storage: { local: { set(items: object): Promise<void> } } }
          }
        ).chrome.storage.local.set({ aiSettings: value }),
      { provider: 'openai-compatible', endpoint: { baseUrl: endpoint.url, model: 'm' } },
    )
    const lines = parseTranscriptXml(transcript)
    const page = await browser.context.newPage()
    await page.goto(WATCH_URL)
    await expect
      .poll(() => youtubePanel(page).count('li.line'), { timeout: 15_000 })
      .toBe(lines.length)

    await pressShortcut(page, 'Alt+W')
    const frame = await sidebarFrame(page)
    await frame.getByRole('tab', { name: 'AI', exact: true }).click()
    endpoint.reply({ text: 'A video about infrastructure.' })
    await frame.getByRole('button', { name: 'Summarize', exact: true }).click()
    await frame.getByText('Summary saved with the page.').waitFor()

    const words = endpoint
      .chatRequests()
      .at(-1)!
      .messages.map((message) => message.content)
      .join('\n')
    expect(words).toContain(lines[0]!.text)
    expect(words).toContain(lines.at(-1)!.text)
    // The transcript, not the watch page: none of its inline player response.
    expect(words).not.toContain('ytInitialPlayerResponse')
    expect(words).not.toContain('captionTracks')
    const bookmark = await storeCall<{ aiSummary?: { text: string } }>(
      browser,
      'getBookmarkForUrl',
      WATCH_URL,
    )
    expect(bookmark.aiSummary?.text).toBe('A video about infrastructure.')
    await page.close()
  })
})
