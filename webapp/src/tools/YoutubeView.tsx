// The web app's YouTube transcript reader and generator, /youtube?url= or ?v= (docs/adr/075): the
// video's title, channel and a link to it on YouTube (no embedded player: the CSP has no YouTube
// frames), its transcript with timestamps, search within it, line highlights stored as the
// extension stores them (ADR 016), Copy and .txt/.srt downloads, and with `summarize=1` the AI
// summary of the transcript. The video is saved to the library only by a highlight or a summary.
// While the video opens, the spec's youtube-loading dialog shows the progress (ADR 079).
import { useEffect, useState } from 'react'
import { toYoutubeWatchUrl } from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useProgress } from '../dialogs/ProgressDialogs'
import { useLocalStore } from '../library/LibraryProvider'
import type { VideoTranscript } from '../misc/tool-calls'
import { transcriptTimestamp } from './transcript-formats'
import { TranscriptBody } from './TranscriptBody'
import { useVideoTranscript } from './use-video-transcript'
import { videoIdOf, type YoutubeSearch } from './youtube-search'
import { VideoAddressForm } from './VideoAddressForm'
import './youtube.css'

/** The /youtube screen. */
export function YoutubeView({ search }: { search: YoutubeSearch }) {
  const store = useLocalStore()
  const videoId = videoIdOf(search)
  const [attempt, setAttempt] = useState(0)
  const state = useVideoTranscript(store, videoId, attempt)
  const asked = search.url !== undefined || search.v !== undefined
  const { start, update } = useProgress()
  const navigate = useNavigate()
  const opening = videoId !== null && (state.status === 'loading' || state.status === 'fetching')
  const openingDetail =
    state.status === 'fetching' ? 'Fetching the transcript…' : 'Looking for the video…'

  useEffect(() => {
    if (!opening) {
      return
    }
    return start({
      dialog: 'youtube-loading',
      title: 'Opening the video',
      detail: 'Looking for the video…',
      stop: () => void navigate({ to: '/youtube' }),
    })
  }, [opening, start, navigate])
  useEffect(() => {
    if (opening) {
      update({ detail: openingDetail })
    }
  }, [opening, openingDetail, update])

  useEffect(() => {
    document.title =
      videoId !== null && state.status === 'ready'
        ? `${state.video.title} · Transcript · Inkmark`
        : 'YouTube transcript · Inkmark'
  }, [videoId, state])

  if (videoId === null) {
    return (
      <div className="yt-view">
        <h1>YouTube transcript</h1>
        {asked ? (
          <p className="yt-problem" role="alert">
            That is not the address of a YouTube video. Paste a youtube.com/watch, youtu.be or
            Shorts address.
          </p>
        ) : (
          <p>
            Read a video&apos;s transcript with timestamps, search it, highlight lines into your
            library, copy it or download it as text or subtitles (.srt).
          </p>
        )}
        <VideoAddressForm defaultValue={search.url ?? ''} />
      </div>
    )
  }

  return (
    <div className="yt-view">
      {(state.status === 'loading' || state.status === 'fetching') && (
        <div className="yt-loading" role="status">
          <h1>YouTube transcript</h1>
          <p>{state.status === 'loading' ? 'Loading…' : 'Fetching the transcript…'}</p>
          <progress aria-label="Fetching the transcript" />
        </div>
      )}
      {state.status === 'failed' && (
        <div className="yt-failure">
          <h1>{state.message}</h1>
          <p>{state.advice}</p>
          <p className="yt-failure-actions">
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
            <a href={toYoutubeWatchUrl(videoId)} target="_blank" rel="noopener noreferrer">
              Open the video on YouTube
            </a>
          </p>
          <VideoAddressForm defaultValue="" label="Another video's address" />
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <VideoHeader video={state.video} />
          <TranscriptBody video={state.video} summarize={search.summarize === true} />
        </>
      )}
    </div>
  )
}

function VideoHeader({ video }: { video: VideoTranscript }) {
  const watchUrl = toYoutubeWatchUrl(video.videoId)
  return (
    <header className="yt-header">
      <h1>{video.title}</h1>
      <p className="yt-meta">
        {video.channelName !== null && <span>{video.channelName}</span>}
        {video.durationSeconds !== null && (
          <span>{transcriptTimestamp(video.durationSeconds)}</span>
        )}
        <span>Transcript language: {video.language}</span>
      </p>
      <p>
        <a href={watchUrl} target="_blank" rel="noopener noreferrer">
          Watch on YouTube
        </a>
      </p>
    </header>
  )
}
