// Which URLs are YouTube videos, and which video. The YouTube highlighter, transcripts and the
// daily YouTube limit all key on the 11-character video id, and a video is reachable under many
// hosts and path shapes (watch pages, short links, embeds, Shorts, live streams). The spec accepts
// a URL only when the host is YouTube's and an 11-character id is found; everything else is `null`.

import { getQueryParam, parseUrl } from './url-parts'

/** Length of a YouTube video id. */
export const YOUTUBE_VIDEO_ID_LENGTH = 11

/** Shape of a YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const YOUTUBE_VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/

/** Hosts of YouTube proper, where the id is in `watch?v=` or after a path prefix. */
export const YOUTUBE_HOSTS: readonly string[] = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]

/** Hosts of YouTube's short links, where the id is the first path segment. */
export const YOUTU_BE_HOSTS: readonly string[] = ['youtu.be', 'www.youtu.be']

/** First path segments after which the second segment is the video id. */
export const YOUTUBE_ID_PATH_PREFIXES: readonly string[] = ['embed', 'shorts', 'live', 'v']

/** Schemes a YouTube video URL may have. */
export const YOUTUBE_PROTOCOLS: readonly string[] = ['http', 'https']

/** Base of the canonical watch URL built by `toYoutubeWatchUrl`. */
export const YOUTUBE_WATCH_URL = 'https://www.youtube.com/watch?v='

/** The 11-character video id of a YouTube URL, or `null` when the URL is not a YouTube video. */
export function parseYoutubeVideoId(url: string): string | null {
  const parts = parseUrl(url)
  if (parts === null || !YOUTUBE_PROTOCOLS.includes(parts.protocol) || parts.port !== '') {
    return null
  }
  const segments = parts.pathname.split('/').filter((segment) => segment !== '')
  let candidate: string | null = null
  if (YOUTU_BE_HOSTS.includes(parts.host)) {
    candidate = segments[0] ?? null
  } else if (YOUTUBE_HOSTS.includes(parts.host)) {
    const [first, second] = segments
    if (first === 'watch' && second === undefined) {
      candidate = getQueryParam(parts, 'v')
    } else if (first !== undefined && YOUTUBE_ID_PATH_PREFIXES.includes(first)) {
      candidate = second ?? null
    }
  }
  return candidate !== null && isYoutubeVideoId(candidate) ? candidate : null
}

/** Whether a URL is a YouTube video URL with a valid id. */
export function isYoutubeVideoUrl(url: string): boolean {
  return parseYoutubeVideoId(url) !== null
}

/** Whether a string has the shape of a YouTube video id. */
export function isYoutubeVideoId(id: string): boolean {
  return YOUTUBE_VIDEO_ID_PATTERN.test(id)
}

/** The canonical watch URL of a video id, e.g. `https://www.youtube.com/watch?v=dQw4w9WgXcQ`. */
export function toYoutubeWatchUrl(videoId: string): string {
  return `${YOUTUBE_WATCH_URL}${videoId}`
}
