import { fixturesDir } from '@inkmark/shared/fixtures'
import { parseTranscriptXml } from '@inkmark/shared/youtube'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultMiscConfig, type MiscConfig } from '../misc-config'
import { buildMiscForTest } from '../misc-testing'
import { startYoutubeStandIn, type YoutubeStandIn } from '../testing/youtube-stand-in'
import type { YoutubeTranscriptAnswer } from './youtube-transcript'
import {
  YOUTUBE_TRANSCRIPT_TOOL_LIMITS,
  youtubeTranscriptToolRoutesWith,
} from './youtube-transcript-tool'

const fixtureLines = parseTranscriptXml(
  readFileSync(`${fixturesDir('youtube')}/youtube/eF8Qqp7rjDg_transcript.xml`, 'utf8'),
)

/** Limits no test here reaches, except the one about limits (which uses the real ones). */
const ROOMY = {
  name: 'tools-youtube-transcript',
  perAddressPerMinute: 1000,
  perAddressPerDay: 1000,
  perAccountPerMinute: 1000,
}

let standIn: YoutubeStandIn

beforeAll(async () => {
  standIn = await startYoutubeStandIn()
})

afterAll(() => standIn.close())

function fetcherWith(overrides: Partial<MiscConfig['fetcher']> = {}): MiscConfig['fetcher'] {
  return { ...defaultMiscConfig().fetcher, allowLoopback: true, ...overrides }
}

async function kitWith(
  options: {
    fetcher?: Partial<MiscConfig['fetcher']>
    youtubeOrigin?: string
    real?: boolean
  } = {},
) {
  return buildMiscForTest({
    misc: {
      youtubeOrigin: options.youtubeOrigin ?? standIn.origin,
      fetcher: fetcherWith(options.fetcher),
    },
    routes: [
      youtubeTranscriptToolRoutesWith(options.real ? YOUTUBE_TRANSCRIPT_TOOL_LIMITS : ROOMY),
    ],
  })
}

type Kit = Awaited<ReturnType<typeof kitWith>>

const ask = (kit: Kit, payload: unknown, headers: Record<string, string> = {}) =>
  kit.misc.inject({
    method: 'POST',
    url: '/tools/youtube-transcript',
    payload: payload as object,
    headers,
  })

describe('POST /tools/youtube-transcript', { timeout: 30_000 }, () => {
  // Whole requests through jsdom, the fetcher and a local server: slow on a busy machine.
  it("answers the real fixture's transcript without login, from any address form", async () => {
    const kit = await kitWith()
    const id = standIn.videoIds.captioned
    for (const url of [
      id,
      `https://www.youtube.com/watch?v=${id}&t=5s`,
      `https://youtu.be/${id}`,
    ]) {
      const response = await ask(kit, { url })
      expect(response.statusCode).toBe(200)
      const answer = response.json<YoutubeTranscriptAnswer>()
      expect(answer).toMatchObject({
        videoId: id,
        title: 'Halloween Infrastructure Update - 27th October 2023',
        channelName: "John Savill's Technical Training",
        durationSeconds: 401,
        language: 'en',
      })
      expect(answer.transcript.url).toBe(`https://www.youtube.com/watch?v=${id}`)
      expect(answer.transcript.availableLanguages).toEqual(['en'])
      expect(answer.transcript.transcripts).toEqual(fixtureLines)
    }
    expect(fixtureLines).toHaveLength(133)
    expect(fixtureLines[0]).toEqual({
      text: 'citizens of the world welcome to this',
      offset: 0.56,
      duration: 5.799,
    })
    // The timed text was asked for in the classic XML: the track's fmt=srv3 was dropped.
    const timedText = standIn.requests.filter((path) => path.startsWith('/api/timedtext'))
    expect(timedText.length).toBeGreaterThan(0)
    expect(timedText.every((path) => !path.includes('fmt='))).toBe(true)
  })

  it("chooses the body's language, else Accept-Language, else a hand-made English track", async () => {
    const kit = await kitWith()
    const url = standIn.videoIds.multiLanguage
    const lastTrack = () =>
      standIn.requests.filter((path) => path.startsWith('/api/timedtext')).at(-1) ?? ''

    const german = await ask(kit, { url, language: 'de' }, { 'accept-language': 'en' })
    expect(german.json<YoutubeTranscriptAnswer>().language).toBe('de')
    expect(german.json<YoutubeTranscriptAnswer>().transcript.availableLanguages).toEqual([
      'de',
      'en',
    ])

    const byHeader = await ask(kit, { url }, { 'accept-language': 'fr-FR, de;q=0.7, en;q=0.3' })
    expect(byHeader.json<YoutubeTranscriptAnswer>().language).toBe('de')

    const english = await ask(kit, { url })
    expect(english.json<YoutubeTranscriptAnswer>().language).toBe('en')
    expect(lastTrack()).toContain('lang=en')
    expect(lastTrack()).not.toContain('kind=asr')

    // A language the video lacks: English, the fallback every call ends with.
    const japanese = await ask(kit, { url, language: 'ja' })
    expect(japanese.json<YoutubeTranscriptAnswer>().language).toBe('en')
    expect(lastTrack()).not.toContain('kind=asr')
  })

  it.each([
    ['noCaptions', 404, 'NO_TRANSCRIPT', 'This video has no transcript.'],
    ['missing', 404, 'VIDEO_NOT_FOUND', 'This video is unavailable'],
    ['botCheck', 502, 'UPSTREAM_ERROR', 'not a bot'],
    ['emptyTimedText', 502, 'UPSTREAM_ERROR', "YouTube's own player"],
  ] as const)('answers %s with %i %s', async (video, status, code, message) => {
    const kit = await kitWith()
    const response = await ask(kit, { url: standIn.videoIds[video] })
    expect(response.statusCode).toBe(status)
    expect(response.json()).toEqual({ code, message: expect.stringContaining(message) as string })
  })

  it('never fetches a caption track that is not on youtubeOrigin', async () => {
    const kit = await kitWith()
    const before = standIn.requests.length
    const response = await ask(kit, { url: standIn.videoIds.foreignCaptions })
    expect(response.statusCode).toBe(502)
    expect(response.json<{ code: string }>().code).toBe('UPSTREAM_ERROR')
    expect(standIn.requests.slice(before)).toEqual([`/watch?v=${standIn.videoIds.foreignCaptions}`])
  })

  it('refuses answers over the size limit', async () => {
    const kit = await kitWith({ fetcher: { maxBytes: 512 * 1024 } })
    const huge = await ask(kit, { url: standIn.videoIds.oversizedTimedText })
    expect(huge.statusCode).toBe(502)
    expect(huge.json()).toEqual({
      code: 'UPSTREAM_ERROR',
      message: "YouTube's answer is larger than 0.5 MB, so it was not read",
    })
    // The watch page itself (about 215 KB) over a smaller limit.
    const small = await kitWith({ fetcher: { maxBytes: 64 * 1024 } })
    const page = await ask(small, { url: standIn.videoIds.captioned })
    expect(page.statusCode).toBe(502)
    expect(page.json<{ message: string }>().message).toContain('larger than')
  })

  it('answers 504 TIMEOUT when YouTube does not answer in time', async () => {
    const kit = await kitWith({ fetcher: { timeoutMs: 500 } })
    const response = await ask(kit, { url: standIn.videoIds.slow })
    expect(response.statusCode).toBe(504)
    expect(response.json()).toEqual({
      code: 'TIMEOUT',
      message: 'YouTube did not answer within 1 s. Try again later.',
    })
  })

  it('refuses a YouTube origin on loopback or a private network unless loopback is allowed', async () => {
    const before = standIn.requests.length
    const loopback = await kitWith({ fetcher: { allowLoopback: false } })
    const refused = await ask(loopback, { url: standIn.videoIds.captioned })
    expect(refused.statusCode).toBe(502)
    expect(refused.json()).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'YouTube is not reachable from this server.',
    })
    expect(standIn.requests.length).toBe(before)
    for (const origin of ['http://10.1.2.3', 'http://169.254.169.254', 'http://[fd00:ec2::254]']) {
      const kit = await kitWith({ youtubeOrigin: origin })
      const response = await ask(kit, { url: standIn.videoIds.captioned })
      expect(response.json<{ code: string }>().code).toBe('UPSTREAM_ERROR')
    }
  })

  it('answers bad input with 400 and a code, never a crash', async () => {
    const kit = await kitWith()
    const cases: [unknown, string][] = [
      [{}, 'VALIDATION_FAILED'],
      [{ url: 42 }, 'VALIDATION_FAILED'],
      [{ url: '' }, 'VALIDATION_FAILED'],
      [{ url: 'x'.repeat(5000) }, 'VALIDATION_FAILED'],
      [{ url: standIn.videoIds.captioned, extra: 1 }, 'VALIDATION_FAILED'],
      [{ url: standIn.videoIds.captioned, language: '<script>' }, 'VALIDATION_FAILED'],
      [{ url: standIn.videoIds.captioned, language: ['en'] }, 'VALIDATION_FAILED'],
      [[], 'VALIDATION_FAILED'],
      [{ url: 'https://vimeo.com/76979871' }, 'INVALID_URL'],
      [{ url: 'https://www.youtube.com/watch?v=tooShort' }, 'INVALID_URL'],
      [{ url: 'http://127.0.0.1/watch?v=eF8Qqp7rjDg' }, 'INVALID_URL'],
      [{ url: 'not a video at all' }, 'INVALID_URL'],
    ]
    for (const [payload, code] of cases) {
      const response = await ask(kit, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(response.json<{ code: string; message: string }>()).toEqual({
        code,
        message: expect.any(String) as string,
      })
    }
    const notJson = await kit.misc.inject({
      method: 'POST',
      url: '/tools/youtube-transcript',
      headers: { 'content-type': 'application/json' },
      payload: '{"url":',
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json<{ message: string }>().message).toEqual(expect.any(String))
    const text = await kit.misc.inject({
      method: 'POST',
      url: '/tools/youtube-transcript',
      headers: { 'content-type': 'text/plain' },
      payload: 'eF8Qqp7rjDg',
    })
    expect(text.statusCode).toBe(400)
    expect(text.json<{ code: string }>().code).toBe('VALIDATION_FAILED')
    const huge = await kit.misc.inject({
      method: 'POST',
      url: '/tools/youtube-transcript',
      payload: { url: 'x'.repeat(20_000) },
    })
    expect(huge.statusCode).toBe(413)
  })

  it('counts calls per address and answers 429 with Retry-After past 10 a minute', async () => {
    const kit = await kitWith({ real: true })
    for (let index = 0; index < YOUTUBE_TRANSCRIPT_TOOL_LIMITS.perAddressPerMinute; index += 1) {
      expect((await ask(kit, { url: 'not a video' })).statusCode).toBe(400)
    }
    const limited = await ask(kit, { url: standIn.videoIds.captioned })
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another address has its own count.
    const elsewhere = await kit.misc.inject({
      method: 'POST',
      url: '/tools/youtube-transcript',
      payload: { url: 'not a video' },
      remoteAddress: '203.0.113.9',
    })
    expect(elsewhere.statusCode).toBe(400)
  })

  it('refuses an invalid login token with 401 and reads with a valid one', async () => {
    const kit = await kitWith()
    const token = await kit.signUp()
    const ok = await ask(
      kit,
      { url: standIn.videoIds.captioned },
      { authorization: `Bearer ${token}` },
    )
    expect(ok.statusCode).toBe(200)
    for (const authorization of ['Bearer not-a-token', `Bearer ${token}x`, 'Basic abc', '']) {
      const response = await ask(kit, { url: standIn.videoIds.captioned }, { authorization })
      expect(response.statusCode).toBe(401)
      expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED')
    }
  })
})
