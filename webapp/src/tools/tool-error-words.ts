// What the free tools say when the misc server could not fetch a page or a transcript (docs/adr/075):
// one plain sentence per cause, in the product's words, from the server's status and code (the
// tools routes answer lower-case codes, the signed-in /page-content the relay's upper-case ones).
// The server's own message is never shown as the only explanation: it may be a proxy's text.
import { Message } from '@inkmark/shared'
import { MISC_ADDRESS, MiscCallError, UNREACHABLE_CODE } from '../misc/misc-client'

/** Why a page could not be fetched for the reader, and whether to offer the original page. */
export interface ToolFailure {
  /** The heading: one sentence. */
  message: string
  /** A second sentence: what the person can do. */
  advice: string
}

const codeOf = (error: MiscCallError) => error.code.toUpperCase()

/** Said when this web app has no misc server at all: the reader's old message. */
export const NO_MISC_SERVER_FAILURE: ToolFailure = {
  message: Message.COULD_NOT_LOAD_CONTENT,
  advice:
    'This Inkmark server cannot fetch pages. Pages are readable here once their content is saved (Settings, Saved documents).',
}

/** The words for a failed page fetch (`error` from fetchPageArticle). */
export function pageFetchFailure(error: unknown, miscAddress = MISC_ADDRESS): ToolFailure {
  if (miscAddress === undefined) {
    return NO_MISC_SERVER_FAILURE
  }
  if (!(error instanceof MiscCallError)) {
    return { message: Message.COULD_NOT_LOAD_CONTENT, advice: 'Try again, or open the original.' }
  }
  const code = codeOf(error)
  if (error.status === 0 || code === UNREACHABLE_CODE) {
    return {
      message: "Inkmark's server is not reachable, so the page could not be fetched.",
      advice: 'Check your connection and try again.',
    }
  }
  if (error.status === 429 || code === 'RATE_LIMITED') {
    return {
      message: 'Too many pages were fetched from your network in the last minute.',
      advice: 'Wait a minute, then try again.',
    }
  }
  if (error.status === 413 || code === 'PAYLOAD_TOO_LARGE') {
    return {
      message: 'The page is too large to read here (over 5 MB).',
      advice: 'Open the original page instead.',
    }
  }
  if (code === 'UNREACHABLE_ADDRESS' || error.status === 400 || code === 'INVALID_URL') {
    return {
      message: "Inkmark's server refused to fetch this address.",
      advice:
        'Only public http and https pages can be fetched (no addresses inside a private network, none with a user name or password).',
    }
  }
  if (error.status === 504 || code === 'TIMEOUT') {
    return { message: 'The page took too long to load.', advice: 'Try again in a moment.' }
  }
  if (error.status === 422 || code === 'NO_CONTENT') {
    return {
      message: 'This page has no article to read.',
      advice:
        'It is not an HTML page (a PDF, an image, a download), it answered with an error, or it has too little text.',
    }
  }
  if (error.status === 401) {
    return {
      message: 'Your sign-in has expired, so the page could not be fetched.',
      advice: 'Sign in again, then try again.',
    }
  }
  return { message: Message.COULD_NOT_LOAD_CONTENT, advice: 'Try again, or open the original.' }
}

/** The words for a failed transcript fetch (`error` from fetchVideoTranscript). */
export function transcriptFailure(error: unknown, miscAddress = MISC_ADDRESS): ToolFailure {
  if (miscAddress === undefined) {
    return {
      message: 'This Inkmark server cannot fetch YouTube transcripts.',
      advice: 'With the Inkmark extension, the transcript shows beside the video on YouTube.',
    }
  }
  if (!(error instanceof MiscCallError)) {
    return { message: 'The transcript could not be loaded.', advice: 'Try again.' }
  }
  const code = codeOf(error)
  if (error.status === 0 || code === UNREACHABLE_CODE) {
    return {
      message: "Inkmark's server is not reachable, so the transcript could not be loaded.",
      advice: 'Check your connection and try again.',
    }
  }
  if (code === 'NO_TRANSCRIPT') {
    return {
      message: 'This video has no captions, so there is no transcript to show.',
      advice: 'Try another video: many have captions made by their authors or by YouTube.',
    }
  }
  if (code === 'VIDEO_NOT_FOUND') {
    return {
      message: 'YouTube has no video at this address.',
      advice: 'Check the address: it may be private, removed or mistyped.',
    }
  }
  if (code === 'INVALID_URL' || error.status === 400) {
    return {
      message: 'That is not the address of a YouTube video.',
      advice: 'Paste a youtube.com/watch, youtu.be or Shorts address.',
    }
  }
  if (error.status === 429 || code === 'RATE_LIMITED') {
    return {
      message: 'Too many transcripts were loaded from your network in the last minute.',
      advice: 'Wait a minute, then try again.',
    }
  }
  if (error.status === 504 || code === 'TIMEOUT') {
    return { message: 'YouTube took too long to answer.', advice: 'Try again in a moment.' }
  }
  if (error.status === 401) {
    return {
      message: 'Your sign-in has expired, so the transcript could not be loaded.',
      advice: 'Sign in again, or sign out and try again without an account.',
    }
  }
  // 502: YouTube refused or answered nothing usable (it may want a proof that a real player asks,
  // ADR 074); the extension reads the transcript on YouTube's own page, where YouTube gives it.
  return {
    message: 'YouTube did not give the transcript.',
    advice:
      'Try again in a moment. With the Inkmark extension, the transcript shows beside the video on YouTube.',
  }
}
