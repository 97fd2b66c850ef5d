// The misc server calls behind the free tools (docs/adr/075): a page's article for the reader when
// the page is not in the library, and a YouTube video's transcript. Signed in, the page comes from
// POST /page-content with the login token, as add-by-URL reads it; signed out, from the tools route
// POST /tools/page-content, which needs no account. The transcript has only the tools route.
// Failures are MiscCallErrors (../tools/tool-error-words.ts says them in the product's words).
import {
  TranscriptSchema,
  isYoutubeVideoId,
  type ReaderArticle,
  type Transcript,
} from '@inkmark/shared'
import { readStoredToken } from '../account/account-storage'
import { toSession } from '../account/session-token'
import { MiscCallError, callMisc, callMiscTool } from './misc-client'
import { articleOfAnswer, type PageContentAnswer } from './page-content-client'

/** The page at `url` read by the misc server, as the reader shows it (its HTML sanitized here). */
export async function fetchPageArticle(url: string, signal?: AbortSignal): Promise<ReaderArticle> {
  const init = { method: 'POST', body: { url }, ...(signal ? { signal } : {}) } as const
  const signedIn = toSession(readStoredToken(), Date.now()) !== null
  const answer = signedIn
    ? await callMisc<PageContentAnswer>('/page-content', init)
    : await callMiscTool<PageContentAnswer>('/tools/page-content', init)
  return articleOfAnswer(answer, url)
}

/** What POST /tools/youtube-transcript answers (the shared Transcript entity inside). */
export interface VideoTranscript {
  videoId: string
  title: string
  channelName: string | null
  durationSeconds: number | null
  language: string
  transcript: Transcript
}

/** A code of our own for an answer that is not the contract's shape. */
export const BAD_ANSWER_CODE = 'BAD_ANSWER'

/** The answer checked field by field: a server answer is never trusted as it is. */
export function toVideoTranscript(answer: unknown): VideoTranscript {
  const value = (answer ?? {}) as Record<string, unknown>
  const transcript = TranscriptSchema.safeParse(value.transcript)
  if (
    typeof value.videoId !== 'string' ||
    !isYoutubeVideoId(value.videoId) ||
    typeof value.title !== 'string' ||
    typeof value.language !== 'string' ||
    !transcript.success
  ) {
    throw new MiscCallError(502, BAD_ANSWER_CODE, 'The transcript answer was not understood')
  }
  return {
    videoId: value.videoId,
    title: value.title,
    channelName: typeof value.channelName === 'string' ? value.channelName : null,
    durationSeconds: typeof value.durationSeconds === 'number' ? value.durationSeconds : null,
    language: value.language,
    transcript: transcript.data,
  }
}

/** The transcript of the video `videoId` (an 11-character id). */
export async function fetchVideoTranscript(
  videoId: string,
  signal?: AbortSignal,
): Promise<VideoTranscript> {
  const answer = await callMiscTool<unknown>('/tools/youtube-transcript', {
    method: 'POST',
    body: { url: videoId },
    ...(signal ? { signal } : {}),
  })
  return toVideoTranscript(answer)
}
