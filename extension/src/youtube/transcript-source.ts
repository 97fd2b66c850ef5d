// Where a watch page's transcript comes from. The player response is cut out of the page's inline
// script (a content script cannot read YouTube's variables); after YouTube's in-page navigation
// that script still describes the first video, so for another video the watch page is fetched
// again, from the page's own origin. The timed text is fetched from the caption track's URL, which
// must be on the page's origin too (timedTextUrl). No other network use.
import {
  captionTracks,
  extractPlayerResponse,
  parseTranscriptXml,
  playerResponseTitle,
  playerResponseVideoId,
  timedTextUrl,
  toYoutubeWatchUrl,
  type CaptionTrack,
  type TranscriptLine,
} from '@inkmark/shared/youtube'

/** What the panel needs to know about the video. */
export interface VideoCaptions {
  videoId: string
  title: string | null
  tracks: CaptionTrack[]
}

/** A failure to show to the person as it is. */
export class TranscriptLoadError extends Error {}

function fromScripts(videoId: string): Record<string, unknown> | null {
  for (const script of Array.from(document.scripts)) {
    const text = script.textContent ?? ''
    if (!text.includes('ytInitialPlayerResponse')) {
      continue
    }
    const response = extractPlayerResponse(text)
    if (response && playerResponseVideoId(response) === videoId) {
      return response
    }
  }
  return null
}

async function fromWatchPage(videoId: string): Promise<Record<string, unknown> | null> {
  const url = new URL(toYoutubeWatchUrl(videoId))
  const response = await fetch(new URL(`${url.pathname}${url.search}`, location.origin), {
    credentials: 'include',
  })
  if (!response.ok) {
    return null
  }
  const found = extractPlayerResponse(await response.text())
  return found && playerResponseVideoId(found) === videoId ? found : null
}

/** The video's title and caption tracks; throws TranscriptLoadError when they cannot be read. */
export async function loadVideoCaptions(videoId: string): Promise<VideoCaptions> {
  let response = fromScripts(videoId)
  if (response === null) {
    try {
      response = await fromWatchPage(videoId)
    } catch {
      response = null
    }
  }
  if (response === null) {
    throw new TranscriptLoadError(
      'Could not read this video’s captions. Reload the page to try again.',
    )
  }
  return { videoId, title: playerResponseTitle(response), tracks: captionTracks(response) }
}

/** The lines of one caption track; throws TranscriptLoadError on a network or format failure. */
export async function loadTrackLines(track: CaptionTrack): Promise<TranscriptLine[]> {
  const url = timedTextUrl(track, location.href)
  if (url === null) {
    throw new TranscriptLoadError('This transcript is not on YouTube, so Inkmark does not load it.')
  }
  let xml: string
  try {
    const response = await fetch(url, { credentials: 'include' })
    if (!response.ok) {
      throw new Error(String(response.status))
    }
    xml = await response.text()
  } catch {
    throw new TranscriptLoadError(
      'Could not load the transcript. Check your connection and try again.',
    )
  }
  try {
    return parseTranscriptXml(xml)
  } catch {
    throw new TranscriptLoadError(
      'YouTube sent something that is not a transcript. Try again later.',
    )
  }
}
