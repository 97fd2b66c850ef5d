// A TEST STAND-IN for YouTube, never a default and never used outside tests: a small HTTP server a
// test starts on loopback and points the misc server at (config.misc.youtubeOrigin, env
// INKMARK_YOUTUBE_ORIGIN). It serves watch pages (`/watch?v=<id>`) whose inline script assigns
// `ytInitialPlayerResponse`, as YouTube's do, and timed text (`/api/timedtext`), both built from
// the real captured files in the fixtures folder (youtube/, see SOURCES.md there): the InnerTube
// response of video eF8Qqp7rjDg, its caption `baseUrl` moved to this server's origin, and that
// video's timed-text XML. The other videos are that same response changed by hand for one case
// each; the missing video's playabilityStatus has the shape of YouTube's captured
// "This video is unavailable" answer (youtube-transcript-api's test assets). Nothing here is
// YouTube's real behaviour beyond those files.
import { fixturesDir } from '@inkmark/shared/fixtures'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The videos the stand-in knows, by what each one is for. */
export interface YoutubeStandInVideoIds {
  /** The real fixture: one English auto-generated track, 133 cues of timed text. */
  captioned: string
  /** The same video with a hand-made German and a hand-made English track added (same text). */
  multiLanguage: string
  /** A playable video without captions. */
  noCaptions: string
  /** YouTube's answer for a video that does not exist: playabilityStatus ERROR. */
  missing: string
  /** YouTube refusing to play it to this client: playabilityStatus LOGIN_REQUIRED (bot check). */
  botCheck: string
  /** The caption track's baseUrl points at another origin (must be refused, never fetched). */
  foreignCaptions: string
  /** The timed text answers 200 with an empty body, as YouTube does when it wants a proof-of-origin token. */
  emptyTimedText: string
  /** The timed text is larger than 1 MB. */
  oversizedTimedText: string
  /** The watch page never finishes answering (held until `close`). */
  slow: string
}

export interface YoutubeStandIn {
  /** `http://127.0.0.1:<port>`: the youtubeOrigin to configure. */
  origin: string
  videoIds: YoutubeStandInVideoIds
  /** The paths (with query) the stand-in was asked for, in order. */
  requests: string[]
  close(): Promise<void>
}

/** The captured video the stand-in is built from. */
export const STAND_IN_FIXTURE_VIDEO_ID = 'eF8Qqp7rjDg'

const VIDEO_IDS: YoutubeStandInVideoIds = {
  captioned: STAND_IN_FIXTURE_VIDEO_ID,
  multiLanguage: 'multiLang01',
  noCaptions: 'noCaptions1',
  missing: 'missingVid1',
  botCheck: 'botCheckVid',
  foreignCaptions: 'foreignCap1',
  emptyTimedText: 'emptyTimed1',
  oversizedTimedText: 'hugeTimed01',
  slow: 'slowAnswer1',
}

/** Where the foreign-captions video points its track (a documentation address, never fetched). */
export const FOREIGN_CAPTIONS_ORIGIN = 'https://captions.example.org'

type PlayerResponse = Record<string, unknown>

function readFixture(name: string): string {
  return readFileSync(`${fixturesDir('youtube')}/youtube/${name}`, 'utf8')
}

function clone(value: PlayerResponse): PlayerResponse {
  return JSON.parse(JSON.stringify(value)) as PlayerResponse
}

/** The fixture's caption tracks, or throws: the stand-in is useless without them. */
function tracksOf(response: PlayerResponse): Record<string, unknown>[] {
  const captions = response.captions as
    { playerCaptionsTracklistRenderer?: { captionTracks?: Record<string, unknown>[] } } | undefined
  const tracks = captions?.playerCaptionsTracklistRenderer?.captionTracks
  if (!Array.isArray(tracks) || tracks.length === 0) {
    throw new Error('The YouTube fixture has no caption tracks')
  }
  return tracks
}

/** `baseUrl` with its origin replaced and its video id set to `videoId`. */
function movedBaseUrl(baseUrl: string, origin: string, videoId: string): string {
  const original = new URL(baseUrl)
  const moved = new URL(`${original.pathname}${original.search}`, origin)
  moved.searchParams.set('v', videoId)
  return moved.href
}

/** The fixture's player response as video `videoId`, its tracks on `captionsOrigin`. */
function videoResponse(
  fixture: PlayerResponse,
  videoId: string,
  captionsOrigin: string,
): PlayerResponse {
  const response = clone(fixture)
  ;(response.videoDetails as Record<string, unknown>).videoId = videoId
  for (const track of tracksOf(response)) {
    track.baseUrl = movedBaseUrl(String(track.baseUrl), captionsOrigin, videoId)
  }
  return response
}

function buildResponses(fixture: PlayerResponse, origin: string): Map<string, PlayerResponse> {
  const responses = new Map<string, PlayerResponse>()
  for (const id of [VIDEO_IDS.captioned, VIDEO_IDS.oversizedTimedText, VIDEO_IDS.slow]) {
    responses.set(id, videoResponse(fixture, id, origin))
  }

  // `exp=xpe` in a track's signed parameters is how YouTube marks timed text that needs a
  // proof-of-origin token (`pot`); asked without one, it answers 200 with an empty body.
  const needsToken = videoResponse(fixture, VIDEO_IDS.emptyTimedText, origin)
  for (const track of tracksOf(needsToken)) {
    const url = new URL(String(track.baseUrl))
    url.searchParams.set('exp', 'xpe')
    track.baseUrl = url.href
  }
  responses.set(VIDEO_IDS.emptyTimedText, needsToken)

  const multi = videoResponse(fixture, VIDEO_IDS.multiLanguage, origin)
  const [asr] = tracksOf(multi)
  const handMade = (languageCode: string, name: string) => {
    const url = new URL(String(asr!.baseUrl))
    url.searchParams.delete('kind')
    url.searchParams.set('lang', languageCode)
    return {
      baseUrl: url.href,
      name: { runs: [{ text: name }] },
      vssId: `.${languageCode}`,
      languageCode,
      isTranslatable: true,
      trackName: '',
    }
  }
  const multiCaptions = multi.captions as {
    playerCaptionsTracklistRenderer: { captionTracks: unknown[] }
  }
  multiCaptions.playerCaptionsTracklistRenderer.captionTracks = [
    handMade('de', 'German'),
    asr,
    handMade('en', 'English'),
  ]
  responses.set(VIDEO_IDS.multiLanguage, multi)

  const noCaptions = videoResponse(fixture, VIDEO_IDS.noCaptions, origin)
  delete noCaptions.captions
  responses.set(VIDEO_IDS.noCaptions, noCaptions)

  responses.set(
    VIDEO_IDS.foreignCaptions,
    videoResponse(fixture, VIDEO_IDS.foreignCaptions, FOREIGN_CAPTIONS_ORIGIN),
  )

  const botCheck = videoResponse(fixture, VIDEO_IDS.botCheck, origin)
  botCheck.playabilityStatus = {
    status: 'LOGIN_REQUIRED',
    reason: 'Sign in to confirm you’re not a bot',
  }
  delete botCheck.captions
  responses.set(VIDEO_IDS.botCheck, botCheck)

  responses.set(VIDEO_IDS.missing, {
    responseContext: fixture.responseContext ?? {},
    playabilityStatus: {
      status: 'ERROR',
      reason: 'This video is unavailable',
      errorScreen: {
        playerErrorMessageRenderer: { reason: { runs: [{ text: 'This video is unavailable' }] } },
      },
    },
  })
  return responses
}

/** A watch page as YouTube's carries it: the player response assigned in an inline script. */
function watchPage(response: PlayerResponse): string {
  // `<` is escaped as YouTube's own pages do, so no `</script>` can end the script early.
  const json = JSON.stringify(response).replace(/</g, '\\u003c')
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>YouTube</title></head><body><div id="player"></div><script nonce="stand-in">var ytInitialPlayerResponse = ${json};</script></body></html>`
}

/** Timed text larger than 1 MB: many copies of one real cue. */
function oversizedTimedText(transcript: string): string {
  const cue =
    /<text\b[^>]*>[^<]*<\/text>/.exec(transcript)?.[0] ?? '<text start="0" dur="1">x</text>'
  const copies = Math.ceil((1024 * 1024) / cue.length) + 1
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${cue.repeat(copies)}</transcript>`
}

/** Starts the stand-in on a free loopback port. */
export async function startYoutubeStandIn(): Promise<YoutubeStandIn> {
  const fixture = JSON.parse(
    readFixture(`${STAND_IN_FIXTURE_VIDEO_ID}_innertube_response.json`),
  ) as PlayerResponse
  const transcript = readFixture(`${STAND_IN_FIXTURE_VIDEO_ID}_transcript.xml`)
  const requests: string[] = []
  let responses = new Map<string, PlayerResponse>()

  const send = (response: ServerResponse, status: number, type: string, body: string) => {
    response.writeHead(status, {
      'content-type': type,
      'content-length': Buffer.byteLength(body),
    })
    response.end(body)
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in.invalid')
    requests.push(`${url.pathname}${url.search}`)
    const videoId = url.searchParams.get('v') ?? ''
    if (request.method !== 'GET') {
      send(response, 405, 'text/plain', 'Method not allowed')
      return
    }
    if (url.pathname === '/watch') {
      if (videoId === VIDEO_IDS.slow) {
        // Held: the misc server's deadline must end the wait (close() ends the socket).
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.write('<!DOCTYPE html><html><head>')
        return
      }
      // YouTube answers every well-formed id with a page; an unknown one says it is unavailable.
      const known = responses.get(videoId) ?? responses.get(VIDEO_IDS.missing)!
      send(response, 200, 'text/html; charset=utf-8', watchPage(known))
      return
    }
    if (url.pathname === '/api/timedtext') {
      if (videoId === VIDEO_IDS.emptyTimedText) {
        send(response, 200, 'text/xml; charset=UTF-8', '')
      } else if (videoId === VIDEO_IDS.oversizedTimedText) {
        send(response, 200, 'text/xml; charset=UTF-8', oversizedTimedText(transcript))
      } else if (responses.has(videoId) && url.searchParams.get('fmt') === null) {
        send(response, 200, 'text/xml; charset=UTF-8', transcript)
      } else {
        // YouTube answers an unknown track (or a format the stand-in does not have) with nothing.
        send(response, 404, 'text/html; charset=utf-8', '')
      }
      return
    }
    send(response, 404, 'text/html; charset=utf-8', '<!DOCTYPE html><title>404 Not Found</title>')
  }

  const server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  responses = buildResponses(fixture, origin)
  return {
    origin,
    videoIds: { ...VIDEO_IDS },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
