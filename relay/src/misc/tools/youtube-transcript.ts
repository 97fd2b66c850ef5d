// Reads a YouTube video's transcript the way the extension's panel does (docs/adr/016), from the
// server: the watch page `{youtubeOrigin}/watch?v=<id>` through the hardened fetcher (every hop on
// youtubeOrigin, HTML only), its player response cut out and checked, a caption track chosen, and
// that track's timed text (its URL must be on youtubeOrigin; XML allowed for this one fetch)
// parsed into transcript lines. Every failure is a coded RelayError; nothing YouTube sends is
// echoed back but the video's title, channel name and the transcript's plain text.
import { createTranscript, toYoutubeWatchUrl, type Transcript } from '@inkmark/shared'
import {
  availableLanguages,
  captionTracks,
  extractPlayerResponse,
  parseTranscriptXml,
  playerResponseTitle,
  playerResponseVideoId,
  timedTextUrl,
  TranscriptFormatError,
  type TranscriptLine,
} from '@inkmark/shared/youtube'
import { ErrorCode, RelayError } from '../../errors'
import type { FetchOptions, PageFetcher } from '../fetcher/fetch-page'
import { chooseCaptionTrack } from './youtube-request'

/** What POST /tools/youtube-transcript answers. */
export interface YoutubeTranscriptAnswer {
  videoId: string
  title: string
  channelName: string | null
  durationSeconds: number | null
  /** The chosen track's language code. */
  language: string
  transcript: Transcript
}

export const NO_TRANSCRIPT_MESSAGE = 'This video has no transcript.'
export const VIDEO_NOT_FOUND_MESSAGE =
  'This video is unavailable: it does not exist, it was removed, or YouTube plays it only to signed-in viewers.'
export const BOT_CHECK_MESSAGE =
  'YouTube asked our server to sign in to prove it is not a bot, so the transcript could not be read. Try again later, or open the video on YouTube with the Inkmark extension.'
export const PROOF_OF_ORIGIN_MESSAGE =
  "YouTube did not send this video's transcript to our server (some videos send it only to YouTube's own player). Open the video on YouTube with the Inkmark extension to read its transcript."
export const CHANGED_PAGE_MESSAGE =
  "YouTube's page did not have the video's details in the form Inkmark reads. Try again later."
export const FOREIGN_TRACK_MESSAGE =
  'YouTube named a transcript address outside YouTube, so it was not fetched.'

const WATCH_PAGE_TYPES = new Set(['text/html'])
const TIMED_TEXT_TYPES = new Set(['text/xml', 'application/xml'])

function upstream(message: string): RelayError {
  return new RelayError(502, ErrorCode.UPSTREAM_ERROR, message)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A fetcher failure as the tool's error: late is 504 TIMEOUT, everything else YouTube's fault. */
function youtubeFailure(error: unknown): RelayError {
  if (!(error instanceof RelayError)) {
    return upstream('YouTube could not be reached. Try again later.')
  }
  if (error.status === 504) {
    return new RelayError(
      504,
      ErrorCode.TIMEOUT,
      `${error.message.replace('The page did not load', 'YouTube did not answer')}. Try again later.`,
    )
  }
  if (error.code === ErrorCode.PAYLOAD_TOO_LARGE) {
    return upstream(error.message.replace('The page', "YouTube's answer"))
  }
  if (error.code === ErrorCode.UNREACHABLE_ADDRESS) {
    return upstream('YouTube is not reachable from this server.')
  }
  return upstream('YouTube did not answer with what Inkmark reads. Try again later.')
}

/** The video's channel name (`videoDetails.author`), or null. */
function channelNameOf(response: Record<string, unknown>): string | null {
  const details = response.videoDetails
  const author = isObject(details) ? details.author : undefined
  return typeof author === 'string' && author.trim() !== '' ? author : null
}

/** The video's length in whole seconds (`videoDetails.lengthSeconds`, a string), or null. */
function durationOf(response: Record<string, unknown>): number | null {
  const details = response.videoDetails
  const length = isObject(details) ? details.lengthSeconds : undefined
  const seconds = typeof length === 'string' && /^\d{1,9}$/.test(length) ? Number(length) : NaN
  return Number.isInteger(seconds) ? seconds : null
}

/** Refuses a player response that says the video cannot be played here. */
function checkPlayability(response: Record<string, unknown>): void {
  const status = isObject(response.playabilityStatus) ? response.playabilityStatus : undefined
  if (status === undefined || status.status === 'OK') {
    return
  }
  const reason = typeof status.reason === 'string' ? status.reason : ''
  if (/\bbot\b/i.test(reason)) {
    throw upstream(BOT_CHECK_MESSAGE)
  }
  throw new RelayError(404, ErrorCode.VIDEO_NOT_FOUND, VIDEO_NOT_FOUND_MESSAGE)
}

/** The lines of YouTube's timed text; 502 when it is not a transcript. */
function transcriptLinesOf(xml: string): TranscriptLine[] {
  try {
    return parseTranscriptXml(xml)
  } catch (error) {
    if (error instanceof TranscriptFormatError) {
      throw upstream("YouTube's transcript was not in the format Inkmark reads. Try again later.")
    }
    throw error
  }
}

/** Reads video `videoId`'s transcript from `origin`, in the first of `preferred` it has. */
export async function readYoutubeTranscript(
  fetcher: PageFetcher,
  origin: string,
  videoId: string,
  preferred: readonly string[],
): Promise<YoutubeTranscriptAnswer> {
  const fetchFromYoutube = async (url: string, options: FetchOptions) => {
    try {
      return (await fetcher.fetch(url, options)).body.toString('utf8')
    } catch (error) {
      throw youtubeFailure(error)
    }
  }
  const watchUrl = `${origin}/watch?v=${videoId}`
  const page = await fetchFromYoutube(watchUrl, {
    mediaTypes: WATCH_PAGE_TYPES,
    accept: 'text/html',
    origin,
  })
  const response = extractPlayerResponse(page)
  if (response === null) {
    throw upstream(CHANGED_PAGE_MESSAGE)
  }
  checkPlayability(response)
  if (playerResponseVideoId(response) !== videoId) {
    throw upstream(CHANGED_PAGE_MESSAGE)
  }
  const tracks = captionTracks(response)
  const track = chooseCaptionTrack(tracks, preferred)
  if (track === undefined) {
    throw new RelayError(404, ErrorCode.NO_TRANSCRIPT, NO_TRANSCRIPT_MESSAGE)
  }
  const trackUrl = timedTextUrl(track, watchUrl)
  if (trackUrl === null) {
    throw upstream(FOREIGN_TRACK_MESSAGE)
  }
  const xml = await fetchFromYoutube(trackUrl, {
    mediaTypes: TIMED_TEXT_TYPES,
    accept: 'text/xml,application/xml;q=0.9',
    origin,
  })
  if (xml.trim() === '') {
    throw upstream(PROOF_OF_ORIGIN_MESSAGE)
  }
  const lines = transcriptLinesOf(xml)
  if (lines.length === 0) {
    throw new RelayError(404, ErrorCode.NO_TRANSCRIPT, NO_TRANSCRIPT_MESSAGE)
  }
  return {
    videoId,
    title: playerResponseTitle(response) ?? `YouTube video ${videoId}`,
    channelName: channelNameOf(response),
    durationSeconds: durationOf(response),
    language: track.languageCode,
    transcript: createTranscript({
      url: toYoutubeWatchUrl(videoId),
      transcripts: lines.map(({ text, offset, duration }) => ({ text, offset, duration })),
      availableLanguages: availableLanguages(tracks),
    }),
  }
}
