// A watch page's transcript, handed from the YouTube panel's content script to the highlighter's
// (which hosts the sidebar), so that the sidebar's AI summary and chat read the video's words
// rather than the watch page's HTML. Both content scripts run in the extension's isolated world of
// the page, one global object apart from the page's own: the page cannot read or write this.
// Nothing here imports the YouTube code, so the highlighter that runs on every site stays small.
// When the highlighter saves or highlights a watch page, the shared transcript is kept as the
// video's page content too (saveSharedTranscript, ADR 083).
import type { VideoTranscriptSaveArgs } from '@inkmark/shared/guest'
import { callBackground } from './bridge'

/** The transcript the YouTube panel loaded, for the video `videoId`. */
export interface SharedTranscript {
  videoId: string
  text: string
  /** The timed lines and the video's languages, to save as the page's content. */
  saved?: VideoTranscriptSaveArgs
}

const KEY = Symbol.for('inkmark.youtube-transcript')
type Holder = { [KEY]?: SharedTranscript }

/** Keeps the loaded transcript (undefined when the page shows no video's transcript). */
export function shareTranscript(transcript: SharedTranscript | undefined): void {
  ;(globalThis as Holder)[KEY] = transcript
}

function sharedFor(url: string): SharedTranscript | undefined {
  const transcript = (globalThis as Holder)[KEY]
  let videoId: string | null = null
  try {
    videoId = new URL(url).searchParams.get('v')
  } catch {
    return undefined
  }
  return transcript !== undefined && transcript.videoId === videoId ? transcript : undefined
}

/** The transcript of the video the page at `url` shows, when the YouTube panel loaded it. */
export function sharedTranscriptFor(url: string): string | undefined {
  return sharedFor(url)?.text
}

/**
 * Keeps the transcript of the video the page at `url` shows as its page's content, when the
 * YouTube panel loaded it (the video was just saved or highlighted). Quiet on failure: the save
 * or highlight itself is done, and the next one tries again.
 */
export function saveSharedTranscript(url: string): void {
  const shared = sharedFor(url)
  if (shared?.saved === undefined) {
    return
  }
  callBackground('saveVideoTranscript', shared.videoId, shared.saved).catch((error: unknown) => {
    console.warn('Inkmark: the transcript was not saved', error)
  })
}
