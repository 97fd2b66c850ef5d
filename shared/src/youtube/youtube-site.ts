// Which pages are YouTube itself, as a document that can show any video. YouTube moves from video
// to video without loading a new document (history.pushState), and the browser keeps reporting the
// URL the document was loaded with as a content script's sender. So the transcript calls take the
// video id from the message, and accept it only from a document of YouTube's own site, which could
// itself navigate to that video: a page elsewhere cannot write to a video's highlights.

/** Hosts of YouTube's site whose documents show watch pages. */
export const YOUTUBE_SITE_HOSTS: readonly string[] = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
]

/** Whether `url` is a page of YouTube's site (http or https, default port, any path). */
export function isYoutubeSiteUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  return (
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    parsed.port === '' &&
    YOUTUBE_SITE_HOSTS.includes(parsed.hostname.toLowerCase())
  )
}
