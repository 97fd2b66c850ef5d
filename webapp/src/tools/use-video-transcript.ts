// The transcript /youtube shows (docs/adr/075): the one saved in the library when the video is
// there (offline), else the one the misc server fetches (POST /tools/youtube-transcript).
import { useEffect, useState } from 'react'
import type { LocalStore } from '@inkmark/shared'
import { fetchVideoTranscript, type VideoTranscript } from '../misc/tool-calls'
import { savedVideoOf } from './keep-video-page'
import { transcriptFailure, type ToolFailure } from './tool-error-words'

/** What the transcript reader shows. */
export type VideoState =
  | { status: 'loading' }
  | { status: 'fetching' }
  | { status: 'ready'; video: VideoTranscript }
  | ({ status: 'failed' } & ToolFailure)

/** The video's transcript, loaded again when `videoId` changes or `attempt` goes up (Try again). */
export function useVideoTranscript(
  store: LocalStore,
  videoId: string | null,
  attempt: number,
): VideoState {
  const [state, setState] = useState<VideoState>({ status: 'loading' })
  useEffect(() => {
    if (videoId === null) {
      return
    }
    const controller = new AbortController()
    const { signal } = controller
    setState({ status: 'loading' })
    savedVideoOf(store, videoId)
      .catch(() => undefined)
      .then(async (saved): Promise<VideoState> => {
        if (saved !== undefined) {
          return { status: 'ready', video: saved }
        }
        if (!signal.aborted) {
          setState({ status: 'fetching' })
        }
        try {
          return { status: 'ready', video: await fetchVideoTranscript(videoId, signal) }
        } catch (error) {
          console.info('Inkmark: the transcript could not be loaded', error)
          return { status: 'failed', ...transcriptFailure(error) }
        }
      })
      .then((next) => !signal.aborted && setState(next))
      .catch(() => undefined)
    return () => controller.abort()
  }, [store, videoId, attempt])
  return state
}
