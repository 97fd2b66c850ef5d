// The /youtube route's parameters (docs/adr/075): the video's address (`url`, as the site's tool
// form sends it) or its id (`v`), and `summarize=1` to start the transcript's AI summary. The video
// id is read with the shared YouTube URL rules; anything else is no video.
import { isYoutubeVideoId, parseYoutubeVideoId } from '@inkmark/shared'

/** The /youtube route's search parameters. */
export interface YoutubeSearch {
  url?: string
  v?: string
  summarize?: boolean
}

const MAX_URL = 2_048

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_URL
    ? value.trim()
    : undefined
}

/** Whether a query value asks for the summary (`1`, `true`; a number 1 after the router's parse). */
export function isSummarizeFlag(value: unknown): boolean {
  return value === 1 || value === true || value === '1' || value === 'true'
}

/** The usable parameters of `raw`. */
export function parseYoutubeSearch(raw: Record<string, unknown>): YoutubeSearch {
  const url = text(raw.url)
  const v = text(raw.v)
  return {
    ...(url === undefined ? {} : { url }),
    ...(v === undefined ? {} : { v }),
    ...(isSummarizeFlag(raw.summarize) ? { summarize: true } : {}),
  }
}

/** The video the parameters name: `v` when it is an id, else the id in `url` (a bare id too). */
export function videoIdOf(search: YoutubeSearch): string | null {
  if (search.v !== undefined && isYoutubeVideoId(search.v)) {
    return search.v
  }
  if (search.url === undefined) {
    return null
  }
  if (isYoutubeVideoId(search.url)) {
    return search.url
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(search.url) ? search.url : `https://${search.url}`
  return parseYoutubeVideoId(withScheme)
}
