// A watch page's transcript, handed from the YouTube panel's content script to the highlighter's
// (which hosts the sidebar), so that the sidebar's AI summary and chat read the video's words
// rather than the watch page's HTML. Both content scripts run in the extension's isolated world of
// the page, one global object apart from the page's own: the page cannot read or write this.
// Nothing here imports the YouTube code, so the highlighter that runs on every site stays small.

/** The transcript the YouTube panel loaded, for the video `videoId`. */
export interface SharedTranscript {
  videoId: string
  text: string
}

const KEY = Symbol.for('inkmark.youtube-transcript')
type Holder = { [KEY]?: SharedTranscript }

/** Keeps the loaded transcript (undefined when the page shows no video's transcript). */
export function shareTranscript(transcript: SharedTranscript | undefined): void {
  ;(globalThis as Holder)[KEY] = transcript
}

/** The transcript of the video the page at `url` shows, when the YouTube panel loaded it. */
export function sharedTranscriptFor(url: string): string | undefined {
  const transcript = (globalThis as Holder)[KEY]
  let videoId: string | null = null
  try {
    videoId = new URL(url).searchParams.get('v')
  } catch {
    return undefined
  }
  return transcript !== undefined && transcript.videoId === videoId ? transcript.text : undefined
}
