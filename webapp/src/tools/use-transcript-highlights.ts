// Transcript highlights in the web app's transcript reader, stored exactly as the extension's panel
// stores them (docs/adr/016): an ordinary mark on the video's page, its highlightSource naming the
// transcript's lines and time span, written through the same validated guest calls
// (createTranscriptMark / deleteTranscriptMark), with the same 'highlight-youtube-video' daily
// limit. The first highlight of a video not in the library saves the video with its transcript
// first (./keep-video-page.ts). The limit is checked before that, so a refused highlight stores
// nothing at all.
import {
  Plan,
  guestCallMessage,
  hasUnlimitedFeatures,
  runGuestCall,
  toYoutubeWatchUrl,
  type Mark,
} from '@inkmark/shared'
import {
  YOUTUBE_DAILY_LIMIT_MESSAGE,
  transcriptSpanOf,
  youtubeDailyAllowance,
  type TranscriptHighlight,
} from '@inkmark/shared/youtube'
import { useCallback, useMemo, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { useToast } from '../components/Toasts'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import type { VideoTranscript } from '../misc/tool-calls'
import { recordProductEvent } from '../settings/usage-counts'
import { keepVideoPage } from './keep-video-page'

const LANGUAGE_CODE = /^[A-Za-z0-9-]{1,35}$/

/** The transcript highlights of `videoId` among a page's marks, in time order. */
export function transcriptHighlightsOf(
  marks: readonly Mark[],
  videoId: string,
): TranscriptHighlight[] {
  const highlights: TranscriptHighlight[] = []
  for (const mark of marks) {
    const span = transcriptSpanOf(mark.highlightSource)
    if (span !== null && span.videoId === videoId) {
      highlights.push({ _id: mark._id, color: mark.color, text: mark.text ?? '', ...span })
    }
  }
  return highlights.sort((a, b) => a.offset - b.offset)
}

/** What the transcript reader does with highlights. */
export interface TranscriptHighlights {
  highlights: TranscriptHighlight[]
  /** Whether the video is in the library. */
  saved: boolean
  /** Highlights lines `first`..`last` (indexes into the transcript). */
  highlight: (first: number, last: number) => void
  remove: (markId: string) => void
  /** The daily limit's message while its popup is open. */
  limitMessage: string | undefined
  closeLimit: () => void
}

/** Highlights of the video shown, and how to make and remove them. */
export function useTranscriptHighlights(video: VideoTranscript): TranscriptHighlights {
  const store = useLocalStore()
  const { session } = useSession()
  const { showToast } = useToast()
  const [limitMessage, setLimitMessage] = useState<string>()
  const url = toYoutubeWatchUrl(video.videoId)
  const bookmarkId = useLibraryQuery((library) => library.getBookmarkForUrl(url)?._id, [url])
  const marks = useLibraryQuery(
    (library) => (bookmarkId === undefined ? [] : library.getMarksForBookmark(bookmarkId)),
    [bookmarkId],
  )
  const highlights = useMemo(
    () => transcriptHighlightsOf(marks, video.videoId),
    [marks, video.videoId],
  )
  const unlimited = hasUnlimitedFeatures(session?.plan ?? Plan.OFFLINE)

  const failed = useCallback(
    (error: unknown) =>
      showToast({
        kind: 'error',
        message: error instanceof Error ? error.message : 'The highlight could not be saved.',
      }),
    [showToast],
  )

  const highlight = useCallback(
    (first: number, last: number) => {
      const lines = video.transcript.transcripts
        .slice(first, last + 1)
        .map((line) => ({ text: line.text.trim(), offset: line.offset, duration: line.duration }))
      const firstLine = lines.findIndex((line) => line.text !== '')
      if (firstLine < 0) {
        return
      }
      const allowance = youtubeDailyAllowance(
        video.videoId,
        store.getAllMarks(),
        store.now(),
        unlimited,
      )
      if (!allowance.allowed) {
        setLimitMessage(YOUTUBE_DAILY_LIMIT_MESSAGE)
        return
      }
      const context = { pageUrl: url, unlimitedFeatures: unlimited }
      keepVideoPage(store, video)
        .then((kept) => {
          if (kept.transcriptRefusal !== undefined) {
            showToast({
              kind: 'warning',
              message: `The video is saved without its transcript: ${kept.transcriptRefusal}`,
            })
          }
          return runGuestCall(
            store,
            context,
            guestCallMessage('createTranscriptMark', video.videoId, {
              title: video.title,
              color: store.getChromeSettings().defaultHighlightColor,
              languageCode: LANGUAGE_CODE.test(video.language) ? video.language : 'und',
              firstIndex: first + firstLine,
              lines: lines.slice(firstLine).filter((line) => line.text !== ''),
            }),
          )
        })
        .then(() => recordProductEvent('highlight_created'))
        .catch((error: unknown) => {
          if (error instanceof Error && error.message === YOUTUBE_DAILY_LIMIT_MESSAGE) {
            setLimitMessage(YOUTUBE_DAILY_LIMIT_MESSAGE)
          } else {
            failed(error)
          }
        })
    },
    [store, video, url, unlimited, showToast, failed],
  )

  const remove = useCallback(
    (markId: string) => {
      runGuestCall(
        store,
        { pageUrl: url, unlimitedFeatures: unlimited },
        guestCallMessage('deleteTranscriptMark', video.videoId, markId),
      ).catch(failed)
    },
    [store, url, unlimited, video.videoId, failed],
  )

  return {
    highlights,
    saved: bookmarkId !== undefined,
    highlight,
    remove,
    limitMessage,
    closeLimit: useCallback(() => setLimitMessage(undefined), []),
  }
}
