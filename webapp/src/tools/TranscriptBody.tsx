// Everything under the video's header (docs/adr/075): the summary (once the video is in the
// library, or being saved for `summarize=1`), whether the video is in the library, the toolbar and
// the lines, and the YouTube daily-limit popup.
import { toYoutubeWatchUrl } from '@inkmark/shared'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { AiDailyLimitDialog } from '../ai/AiDailyLimitDialog'
import { AiSummaryPanel } from '../ai-summary/AiSummaryPanel'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import type { VideoTranscript } from '../misc/tool-calls'
import { keepVideoPage } from './keep-video-page'
import { SummaryBeforeSaving } from './SummaryBeforeSaving'
import { TranscriptLines } from './TranscriptLines'
import { TranscriptToolbar } from './TranscriptToolbar'
import { matchingLines, shownRuns } from './transcript-search'
import { useTranscriptHighlights } from './use-transcript-highlights'

/** The lines (first, last) a selection inside `list` touches, if it lies in the list. */
function selectedLines(list: Element | null): { first: number; last: number } | undefined {
  const selection = document.getSelection()
  if (list === null || selection === null || selection.isCollapsed || selection.rangeCount === 0) {
    return undefined
  }
  const lineOf = (node: Node | null) => {
    const element = node instanceof Element ? node : (node?.parentElement ?? null)
    const line = element?.closest<HTMLElement>('[data-line]')
    return line && list.contains(line) ? Number(line.dataset.line) : undefined
  }
  const a = lineOf(selection.anchorNode)
  const b = lineOf(selection.focusNode)
  return a === undefined || b === undefined
    ? undefined
    : { first: Math.min(a, b), last: Math.max(a, b) }
}

/** The transcript's body for a loaded video. */
export function TranscriptBody({
  video,
  summarize,
}: {
  video: VideoTranscript
  summarize: boolean
}) {
  const store = useLocalStore()
  const lines = video.transcript.transcripts
  const [query, setQuery] = useState('')
  const shown = useMemo(() => matchingLines(lines, query), [lines, query])
  const highlights = useTranscriptHighlights(video)
  const [selection, setSelection] = useState<{ first: number; last: number }>()
  // The summary starts on its own only after the person's "Save and summarize" (never from a link).
  const [summaryAsked, setSummaryAsked] = useState(false)
  const watchUrl = toYoutubeWatchUrl(video.videoId)
  const bookmark = useLibraryQuery((library) => library.getBookmarkForUrl(watchUrl), [watchUrl])
  const bookmarkId = bookmark?._id
  const marks = useLibraryQuery(
    (library) => (bookmarkId === undefined ? [] : library.getMarksForBookmark(bookmarkId)),
    [bookmarkId],
  )

  useEffect(() => {
    const onChange = () => setSelection(selectedLines(document.querySelector('.yt-lines')))
    document.addEventListener('selectionchange', onChange)
    return () => document.removeEventListener('selectionchange', onChange)
  }, [])

  const keep = useCallback(
    () => keepVideoPage(store, video).then((kept) => kept.transcriptRefusal),
    [store, video],
  )

  return (
    <>
      {bookmark !== undefined ? (
        <AiSummaryPanel
          bookmarkId={bookmark._id}
          url={bookmark.url}
          title={bookmark.title || video.title}
          saved={bookmark.aiSummary}
          marks={marks}
          autoStart={summaryAsked}
        />
      ) : (
        summarize && (
          <SummaryBeforeSaving keep={keep} noun="video" onAsk={() => setSummaryAsked(true)} />
        )
      )}
      <section className="yt-transcript" aria-labelledby="yt-transcript-heading">
        <h2 id="yt-transcript-heading">Transcript</h2>
        <p className="yt-library-note" role="status">
          {bookmark === undefined
            ? 'Not in your library. Highlighting a line saves the video and its transcript to your library first (on this device).'
            : 'In your library, with its transcript: it opens here offline, and its highlights show in the extension on YouTube.'}
        </p>
        <TranscriptToolbar
          video={video}
          query={query}
          onQueryChange={setQuery}
          matchCount={query.trim() === '' ? 0 : shown.length}
          selection={selection}
          onHighlightSelection={() => {
            if (selection !== undefined) {
              // Only what is shown: with a search on, the lines it hides stay unhighlighted.
              for (const run of shownRuns(lines, shown, selection.first, selection.last)) {
                highlights.highlight(run.first, run.last)
              }
              document.getSelection()?.removeAllRanges()
            }
          }}
        />
        {lines.length === 0 ? (
          <p>This transcript has no lines.</p>
        ) : (
          <TranscriptLines
            lines={lines}
            shown={shown}
            query={query}
            highlights={highlights.highlights}
            watchUrl={watchUrl}
            onHighlight={(index) => highlights.highlight(index, index)}
            onRemove={highlights.remove}
          />
        )}
      </section>
      <AiDailyLimitDialog
        message={highlights.limitMessage ?? ''}
        isOpen={highlights.limitMessage !== undefined}
        onClose={highlights.closeLimit}
      />
    </>
  )
}
