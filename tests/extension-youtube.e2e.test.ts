// The YouTube transcript panel in the built extension, in Chromium, on a local page shaped like a
// watch page served as https://www.youtube.com itself: Chromium maps the host to a loopback HTTPS
// server (HSTS preloading forces https for youtube.com, so plain http cannot stand in; the server's
// certificate is made for the run and Chromium told to accept it). The player response and the
// transcript are the real fixtures of ../shared/fixtures/youtube. Nothing reaches the network.
// Covered: the lines listed, highlighting a line and a selection of lines, both again after a
// reload, clicking a highlighted line or a timestamp seeks the video, the options stored, the
// daily limit signed out and on the Free plan, and axe-core on the page with the panel.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Plan, resolvePlan, type PlanUser } from '@inkmark/shared'
import {
  YOUTUBE_DAILY_LIMIT_MESSAGE,
  parseTranscriptXml,
  parseYoutubeVideoId,
} from '@inkmark/shared/youtube'
import { fixturesDir } from '@inkmark/shared/fixtures'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedRootAxeViolations, seriousAxeViolations } from './src/axe'
import { inkmarkUi, youtubePanel } from './src/closed-shadow'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { sessionCall, storeCall } from './src/extension-page'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { registerAccount } from './src/sync-device'
import { claimsOf } from './src/tokens'

const VIDEO_ID = 'eF8Qqp7rjDg'
const OTHER_VIDEO_ID = 'dQw4w9WgXcQ'
const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`
const PASSWORD = 'correct horse battery'

interface YoutubeSite {
  port: number
  /** How many times each path was asked for. */
  requests: Map<string, number>
  close(): Promise<void>
}

/** The watch page and the timed text, over HTTPS with a certificate for www.youtube.com. */
async function startYoutubeSite(): Promise<YoutubeSite> {
  const certDir = await mkdtemp(join(tmpdir(), 'inkmark-youtube-cert-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
      '-subj',
      '/CN=www.youtube.com',
      '-addext',
      'subjectAltName=DNS:www.youtube.com',
    ],
    { stdio: 'ignore' },
  )
  const pagesDir = join(dirname(fileURLToPath(import.meta.url)), 'pages')
  const template = await readFile(join(pagesDir, 'youtube-watch.html'), 'utf8')
  const youtube = fixturesDir('youtube') + '/youtube'
  const playerResponse = JSON.parse(
    await readFile(join(youtube, `${VIDEO_ID}_innertube_response.json`), 'utf8'),
  ) as { videoDetails: { videoId: string } }
  const transcript = await readFile(join(youtube, `${VIDEO_ID}_transcript.xml`), 'utf8')
  const requests = new Map<string, number>()

  const server: Server = createServer(
    {
      key: await readFile(join(certDir, 'key.pem')),
      cert: await readFile(join(certDir, 'cert.pem')),
    },
    (request, response) => {
      const url = new URL(request.url ?? '/', 'https://www.youtube.com')
      requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1)
      const videoId = parseYoutubeVideoId(url.toString())
      if (url.pathname === '/watch' && videoId !== null) {
        // The same captured response, as if it were about the video asked for.
        const json = JSON.stringify({
          ...playerResponse,
          videoDetails: { ...playerResponse.videoDetails, videoId },
        }).replace(/</g, '\\u003c')
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end(template.replace('__YT_INITIAL_PLAYER_RESPONSE__', json))
      } else if (url.pathname === '/api/timedtext' && url.searchParams.get('lang') === 'en') {
        response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
        response.end(transcript)
      } else {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      }
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await rm(certDir, { recursive: true, force: true })
    },
  }
}

/** The line `index` of the panel (a CSS selector inside its closed root). */
const line = (index: number, inside = '') => `li.line[data-index="${index}"]${inside}`

/** How many lines the panel lists. */
const lineCount = (page: Page) => youtubePanel(page).count('li.line')

/** The indexes of the lines shown highlighted. */
function highlightedLines(page: Page): Promise<number[]> {
  return youtubePanel(page).evaluateOnRoot<number[]>(`function () {
    return [...this.querySelectorAll('li.line.highlighted')].map((item) => Number(item.dataset.index))
  }`)
}

/**
 * Selects from the start of line `first`'s text to the end of line `last`'s, inside the panel, by
 * dragging the real mouse over them.
 */
async function selectLines(page: Page, first: number, last: number): Promise<void> {
  const panel = youtubePanel(page)
  const to = await panel.box(line(last, ' .text'))
  const from = await panel.box(line(first, ' .text'))
  await page.mouse.move(from.x + 1, from.y + 2)
  await page.mouse.down()
  await page.mouse.move(to.x + to.width - 1, to.y + to.height - 2, { steps: 5 })
  await page.mouse.up()
}

/** Whether line `index` is inside the visible part of the panel's scrolling list. */
async function lineVisibleInList(page: Page, index: number): Promise<boolean> {
  return youtubePanel(page).evaluateOnRoot<boolean>(
    `function (at) {
      const list = this.querySelector('ol.lines').getBoundingClientRect()
      const item = this.querySelector('li.line[data-index="' + at + '"]').getBoundingClientRect()
      return item.top >= list.top - 1 && item.bottom <= list.bottom + 1
    }`,
    [index],
  )
}

const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector('video')!.currentTime)

describe('the YouTube transcript panel', () => {
  let site: YoutubeSite
  let browser: ExtensionBrowser
  let relay: RelayProcess | undefined
  const lines = parseTranscriptXml(
    readFileSync(`${fixturesDir('youtube')}/youtube/${VIDEO_ID}_transcript.xml`, 'utf8'),
  )

  beforeAll(async () => {
    site = await startYoutubeSite()
    browser = await launchWithExtension(undefined, {
      extraArgs: [
        `--host-resolver-rules=MAP www.youtube.com:443 127.0.0.1:${site.port}`,
        '--ignore-certificate-errors',
      ],
    })
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await relay?.dispose()
  })

  it('lists the lines, highlights them, shows them again after a reload and seeks on click', async () => {
    const page = await browser.context.newPage()
    await page.goto(watchUrl(VIDEO_ID))
    const panel = youtubePanel(page)
    await expect.poll(() => lineCount(page)).toBe(lines.length)
    expect(await panel.texts('li.line .text')).toEqual(lines.map((shown) => shown.text))
    expect(await panel.text(line(0, ' button.time'))).toBe('0:00')
    expect(await panel.texts('select[data-control="language"] option')).toEqual([
      'English (auto-generated)',
    ])
    expect(site.requests.get('/api/timedtext')).toBe(1)

    // One line by its own button, two more by selecting them.
    await panel.click(line(1, ' button.mark[aria-label="Highlight line at 0:03"]'))
    await expect.poll(() => highlightedLines(page)).toEqual([1])
    await selectLines(page, 4, 5)
    // The page highlighter's marker popup stays away from a selection in the panel.
    expect(await inkmarkUi(page).count('[data-inkmark-marker-popup]')).toBe(0)
    await panel.click('button[data-action="highlight-selection"]')
    await expect.poll(() => highlightedLines(page)).toEqual([1, 4, 5])

    const marks = await storeCall<
      { text: string; url: string; highlightSource: { youtube: unknown } }[]
    >(browser, 'getAllMarks')
    expect(marks.map((mark) => mark.text).sort()).toEqual(
      [lines[1]!.text, `${lines[4]!.text} ${lines[5]!.text}`].sort(),
    )
    expect(marks.every((mark) => mark.url === watchUrl(VIDEO_ID))).toBe(true)
    expect(marks.map((mark) => mark.highlightSource.youtube)).toContainEqual({
      videoId: VIDEO_ID,
      languageCode: 'en',
      offset: lines[4]!.offset,
      duration: lines[5]!.offset + lines[5]!.duration - lines[4]!.offset,
      lastLineOffset: lines[5]!.offset,
    })

    await page.reload()
    await expect.poll(() => lineCount(page)).toBe(lines.length)
    await expect.poll(() => highlightedLines(page)).toEqual([1, 4, 5])
    // The page highlighter leaves transcript highlights to the panel: nothing painted in the page.
    expect(await page.locator('.inkmark-highlight').count()).toBe(0)

    await panel.click(line(4, ' .text'))
    await expect.poll(() => currentTime(page)).toBe(lines[4]!.offset)
    await expect.poll(() => panel.attribute(line(4), 'aria-current')).toBe('true')
    await panel.click(line(20, ' button.time[aria-label$="Play from here"]'))
    await expect.poll(() => currentTime(page)).toBe(lines[20]!.offset)
    // By keyboard: the arrow keys move between lines, Enter plays from the focused one.
    await panel.focus(line(20, ' button.time'))
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => currentTime(page)).toBe(lines[22]!.offset)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => highlightedLines(page)).toEqual([1, 4, 5, 22])
    await page.keyboard.press('Enter')
    await expect.poll(() => highlightedLines(page)).toEqual([1, 4, 5])

    // A line's button again removes its highlight.
    await panel.click(line(1, ' button.mark[aria-label="Remove highlight at 0:03"]'))
    await expect.poll(() => highlightedLines(page)).toEqual([4, 5])

    expect(await seriousAxeViolations(page)).toEqual([])
    expect(await closedRootAxeViolations(panel, ['serious', 'critical'])).toEqual([])
    await page.close()
  })

  it('stores the autoscroll and sticky player switches and applies the sticky player', async () => {
    const page = await browser.context.newPage()
    await page.goto(watchUrl(VIDEO_ID))
    const panel = youtubePanel(page)
    const sticky = 'input[data-control="sticky"]'
    const autoscroll = 'input[data-control="autoscroll"]'
    await expect.poll(() => panel.property(sticky, 'checked')).toBe(true)
    expect(await panel.property(autoscroll, 'checked')).toBe(true)
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.querySelector('#player')!).position),
      )
      .toBe('sticky')

    // Autoscroll follows the playing line through the list.
    const playTo = (index: number) =>
      page.evaluate((time) => {
        document.querySelector('video')!.currentTime = time
      }, lines[index]!.offset)
    await playTo(100)
    await expect.poll(() => panel.attribute(line(100), 'aria-current')).toBe('true')
    await expect.poll(() => lineVisibleInList(page, 100)).toBe(true)

    await panel.focus(sticky)
    await page.keyboard.press('Space')
    await panel.click(autoscroll)
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.querySelector('#player')!).position),
      )
      .toBe('static')
    await expect
      .poll(
        async () =>
          (await storeCall<{ youtubeOptions: unknown }>(browser, 'getChromeSettings'))
            .youtubeOptions,
      )
      .toEqual({ enableAutoscrolling: false, enableStickyPlayer: false })

    // Without autoscroll the list stays where it is while the playing line changes.
    await playTo(5)
    await expect.poll(() => panel.attribute(line(5), 'aria-current')).toBe('true')
    expect(await lineVisibleInList(page, 5)).toBe(false)
    expect(await lineVisibleInList(page, 100)).toBe(true)

    await page.reload()
    await expect.poll(() => lineCount(page)).toBe(lines.length)
    expect(await panel.property(sticky, 'checked')).toBe(false)
    expect(await panel.property(autoscroll, 'checked')).toBe(false)
    await page.close()
  })

  it('follows YouTube navigating to another video in the same page', async () => {
    const page = await browser.context.newPage()
    await page.goto(watchUrl(VIDEO_ID))
    await expect.poll(() => highlightedLines(page)).toEqual([4, 5])
    const watchPagesBefore = site.requests.get('/watch') ?? 0
    // What YouTube does: a history entry and its own event; the inline player response is stale.
    await page.evaluate((next) => {
      history.pushState({}, '', next)
      document.dispatchEvent(new Event('yt-navigate-finish'))
    }, `/watch?v=${OTHER_VIDEO_ID}`)
    await expect.poll(() => site.requests.get('/watch')).toBe(watchPagesBefore + 1)
    await expect.poll(() => lineCount(page)).toBe(lines.length)
    await expect.poll(() => highlightedLines(page)).toEqual([])
    await page.evaluate(() => {
      history.pushState({}, '', '/feed/subscriptions')
      document.dispatchEvent(new Event('yt-navigate-finish'))
    })
    await expect.poll(() => page.locator('#inkmark-youtube-panel').count()).toBe(0)
    await page.close()
  })

  /** Opens video `videoId` and highlights its line `index` from the panel. */
  async function highlightLineOfVideo(page: Page, videoId: string, index: number) {
    await page.goto(watchUrl(videoId))
    await expect.poll(() => lineCount(page)).toBe(lines.length)
    await youtubePanel(page).click(line(index, ' button.mark[aria-label^="Highlight line at "]'))
    await expect.poll(() => highlightedLines(page)).toContain(index)
  }

  it('holds a second video to the daily limit signed out and on the Free plan', async () => {
    const page = await browser.context.newPage()
    // Today's video, highlighted here (the limit counts the local day; an earlier test's
    // highlights may be yesterday's when a run crosses midnight).
    await highlightLineOfVideo(page, VIDEO_ID, 40)
    const marksBefore = (await storeCall<unknown[]>(browser, 'getAllMarks')).length
    await page.goto(watchUrl(OTHER_VIDEO_ID))
    await expect.poll(() => lineCount(page)).toBe(lines.length)
    const panel = youtubePanel(page)
    const alert = () => panel.text('[role="alert"]')

    await panel.click(line(0, ' button.mark[aria-label="Highlight line at 0:00"]'))
    await expect.poll(alert).toBe(YOUTUBE_DAILY_LIMIT_MESSAGE)
    expect(await highlightedLines(page)).toEqual([])

    // No trial for new accounts on this relay: the account is on the Free plan.
    relay = await createRelayProcess({ INKMARK_TRIAL_DAYS: '0' })
    await relay.start()
    const email = `youtube-${Date.now()}@example.com`
    const token = await registerAccount(relay.url, email, PASSWORD)
    expect(resolvePlan(claimsOf(token) as unknown as PlanUser, Date.now())).toBe(Plan.FREE)
    expect(await sessionCall(browser, 'signIn', relay.url, email, PASSWORD)).toMatchObject({
      signedIn: true,
    })
    await page.reload()
    await expect.poll(() => lineCount(page)).toBe(lines.length)
    await selectLines(page, 2, 3)
    await panel.click('button[data-action="highlight-selection"]')
    await expect.poll(alert).toBe(YOUTUBE_DAILY_LIMIT_MESSAGE)
    expect(await highlightedLines(page)).toEqual([])
    expect(await storeCall<unknown[]>(browser, 'getAllMarks')).toHaveLength(marksBefore)

    // The video already highlighted today can still be highlighted.
    await highlightLineOfVideo(page, VIDEO_ID, 30)
    expect(await storeCall<unknown[]>(browser, 'getAllMarks')).toHaveLength(marksBefore + 1)
    await page.close()
  })
})
