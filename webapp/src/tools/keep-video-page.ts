// A YouTube video in the library (docs/adr/016, 075): the web app's transcript reader keeps a video
// it shows only when the person highlights a line or asks for its summary. Then the video becomes
// a page of the library (its canonical watch address, ADR 016: `&t=` or `&list=` must not split a
// video over several pages) under its title, and its transcript is saved as the page's content
// (PageContent.youtubeTranscript), which the summary is made from and which the reader shows
// offline. The page content's id is the page's (pageContentIdFor, ADR 026), so another device or
// the extension saving the same video writes the same entity.
import {
  ObjectStore,
  createBookmark,
  createPageContent,
  createTranscript,
  pageContentIdFor,
  toSiteOrigin,
  toYoutubeWatchUrl,
  type LocalStore,
  type PageContent,
} from '@inkmark/shared'
import { oneAtATime } from '../lib/one-at-a-time'
import type { VideoTranscript } from '../misc/tool-calls'

/** A video read from the library: what the transcript reader shows offline. */
export async function savedVideoOf(
  store: LocalStore,
  videoId: string,
): Promise<VideoTranscript | undefined> {
  const url = toYoutubeWatchUrl(videoId)
  const content = await store.getPageContentForUrl(url)
  const transcript = content?.youtubeTranscript
  if (transcript === undefined || transcript.transcripts.length === 0) {
    return undefined
  }
  const bookmark = store.getBookmarkForUrl(url)
  return {
    videoId,
    title: bookmark?.title || content?.title || url,
    channelName: bookmark?.description ?? null,
    durationSeconds: null,
    language: transcript.availableLanguages[0] ?? 'en',
    transcript,
  }
}

function refusalOf(result: { rejected: { message?: string; reason?: string }[] }) {
  const [first] = result.rejected
  return first === undefined ? undefined : (first.message ?? first.reason ?? 'Refused')
}

/** The outcome: the video's bookmark, and the store's reason when the transcript was not saved. */
export interface KeptVideo {
  bookmarkId: string
  transcriptRefusal?: string
}

/** Saves the video (its page and its transcript) unless it is in the library with one already. */
export function keepVideoPage(store: LocalStore, video: VideoTranscript): Promise<KeptVideo> {
  const url = toYoutubeWatchUrl(video.videoId)
  // Two highlights made quickly (or a highlight and a summary) would each save the video.
  return oneAtATime(`keep-video:${url}`, () => keepVideoPageNow(store, video, url))
}

async function keepVideoPageNow(
  store: LocalStore,
  video: VideoTranscript,
  url: string,
): Promise<KeptVideo> {
  let bookmark = store.getBookmarkForUrl(url)
  if (bookmark === undefined) {
    const created = createBookmark(
      {
        _id: store.createId(),
        _objectStore: ObjectStore.BOOKMARKS,
        url,
        title: video.title.trim() || url,
        ...(video.channelName ? { description: video.channelName } : {}),
        origin: toSiteOrigin(url) ?? undefined,
      },
      store.now(),
    )
    const refused = refusalOf(await store.createOrUpdateEntities([created]))
    if (refused !== undefined) {
      throw new Error(refused)
    }
    bookmark = created
  }
  const existing = await store.getPageContentForUrl(url)
  if (
    existing?.youtubeTranscript !== undefined &&
    existing.youtubeTranscript.transcripts.length > 0
  ) {
    return { bookmarkId: bookmark._id }
  }
  const youtubeTranscript = createTranscript({
    url,
    transcripts: video.transcript.transcripts,
    availableLanguages: video.transcript.availableLanguages,
  })
  // The quota adds up `length`: the transcript's text is what this content holds.
  const length = youtubeTranscript.transcripts.reduce((sum, line) => sum + line.text.length, 0)
  const content: PageContent = existing
    ? { ...existing, youtubeTranscript, length: (existing.length ?? 0) + length }
    : createPageContent(
        {
          _id: await pageContentIdFor(url),
          url,
          title: video.title,
          youtubeTranscript,
          length,
          wasUpdatedWithLatestContentFromAppType: 'webapp',
        },
        store.now(),
      )
  const refused = refusalOf(await store.createOrUpdateEntities([content]))
  return refused === undefined
    ? { bookmarkId: bookmark._id }
    : { bookmarkId: bookmark._id, transcriptRefusal: refused }
}
