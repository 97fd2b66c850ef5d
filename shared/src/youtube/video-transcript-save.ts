// A video's transcript kept as its page's content (PageContent.youtubeTranscript), written when the
// extension's YouTube panel or highlighter saves or highlights the video, so that the web app's
// reader and transcript view, search and the AI read it offline (ADR 083; the web app's own save
// is tools/keep-video-page.ts, ADR 075). The content's id is the page's (pageContentIdFor), so a
// save from another device or app lands on the same entity. A page that has a transcript keeps it;
// a page whose content is an article keeps the article and gains the transcript.
import { createPageContent, type PageContent } from '../domain/entities/page-content'
import { createTranscript, type TranscriptSegment } from '../domain/entities/transcript'
import { toYoutubeWatchUrl } from '../domain/youtube'
import { pageContentIdFor } from '../reader/page-content-save'
import type { LocalStore } from '../store/local-store'

/** The transcript as the panel loaded it. */
export interface VideoTranscriptInput {
  lines: readonly TranscriptSegment[]
  /** The language codes the video offers, the one shown first. */
  availableLanguages: readonly string[]
}

/** What the save did: saved, already there, no page to hang it from, or the store's refusal. */
export type VideoTranscriptSave =
  { status: 'saved' | 'kept' | 'no-page' } | { status: 'refused'; message: string }

/** Saves the transcript of `videoId` as its page's content when the video is a page of the library. */
export async function saveVideoTranscript(
  store: LocalStore,
  videoId: string,
  input: VideoTranscriptInput,
): Promise<VideoTranscriptSave> {
  const url = toYoutubeWatchUrl(videoId)
  const bookmark = store.getBookmarkForUrl(url)
  if (bookmark === undefined || input.lines.length === 0) {
    return { status: 'no-page' }
  }
  const existing = await store.getPageContentForUrl(url)
  if ((existing?.youtubeTranscript?.transcripts.length ?? 0) > 0) {
    return { status: 'kept' }
  }
  const youtubeTranscript = createTranscript({
    url,
    transcripts: input.lines.map(({ text, offset, duration }) => ({ text, offset, duration })),
    availableLanguages: [...input.availableLanguages],
  })
  // The quota adds up `length`: the transcript's text is what this content holds.
  const length = youtubeTranscript.transcripts.reduce((sum, line) => sum + line.text.length, 0)
  const content: PageContent = existing
    ? { ...existing, youtubeTranscript, length: (existing.length ?? 0) + length }
    : createPageContent(
        {
          _id: await pageContentIdFor(url),
          url,
          title: bookmark.title,
          youtubeTranscript,
          length,
          wasUpdatedWithLatestContentFromAppType: 'EXTENSION',
        },
        store.now(),
      )
  const result = await store.createOrUpdateEntities([content])
  const [refused] = result.rejected as { message?: string }[]
  return refused === undefined
    ? { status: 'saved' }
    : { status: 'refused', message: refused.message ?? 'The transcript was not saved.' }
}
