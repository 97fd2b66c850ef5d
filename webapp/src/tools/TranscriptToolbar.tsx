// Above the transcript (docs/adr/075): search within it, highlight the selected lines, and the
// transcript generator's Copy, Download .txt and Download .srt. Files are made in the browser.
import { Button } from '@inkmark/design'
import { countLabel } from '@inkmark/shared'
import { useId } from 'react'
import { useToast } from '../components/Toasts'
import { downloadFile } from '../transfer/download'
import type { VideoTranscript } from '../misc/tool-calls'
import { transcriptFileName, transcriptToSrt, transcriptToText } from './transcript-formats'

/** Props of TranscriptToolbar. */
export interface TranscriptToolbarProps {
  video: VideoTranscript
  query: string
  onQueryChange: (query: string) => void
  matchCount: number
  /** The selected lines (first, last), when a selection lies in the list. */
  selection: { first: number; last: number } | undefined
  onHighlightSelection: () => void
}

/** The toolbar. */
export function TranscriptToolbar({
  video,
  query,
  onQueryChange,
  matchCount,
  selection,
  onHighlightSelection,
}: TranscriptToolbarProps) {
  const searchId = useId()
  const { showToast } = useToast()
  const segments = video.transcript.transcripts

  const copy = () => {
    navigator.clipboard
      .writeText(transcriptToText(segments))
      .then(() => showToast({ kind: 'success', message: 'Transcript copied' }))
      .catch(() =>
        showToast({
          kind: 'error',
          message: 'The browser did not allow copying: use Download .txt instead.',
        }),
      )
  }

  return (
    <div className="yt-toolbar">
      <div className="yt-search">
        <label htmlFor={searchId}>Search the transcript</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
        />
        <p className="yt-search-count" role="status">
          {query.trim() === ''
            ? ''
            : matchCount === 0
              ? 'No line matches'
              : `${countLabel(matchCount, 'line')} ${matchCount === 1 ? 'matches' : 'match'}`}
        </p>
      </div>
      <div className="yt-actions">
        <Button isDisabled={selection === undefined} onPress={onHighlightSelection}>
          Highlight selection
        </Button>
        <Button onPress={copy}>Copy transcript</Button>
        <Button
          onPress={() =>
            downloadFile({
              fileName: transcriptFileName(video.title, 'txt'),
              mimeType: 'text/plain;charset=utf-8',
              text: transcriptToText(segments) + '\n',
            })
          }
        >
          Download .txt
        </Button>
        <Button
          onPress={() =>
            downloadFile({
              fileName: transcriptFileName(video.title, 'srt'),
              mimeType: 'application/x-subrip;charset=utf-8',
              text: transcriptToSrt(segments),
            })
          }
        >
          Download .srt
        </Button>
      </div>
    </div>
  )
}
