// The transcript panel on YouTube watch pages: follows YouTube's in-page navigation from video to
// video, loads the video's highlights and options from the background (guest contract) and its
// captions from YouTube (transcript-source.ts), and wires the panel: pick a language, highlight
// lines (each line's toggle, or a selection of lines), remove a highlight, click a line or its
// timestamp to play from there, follow the playing line when autoscroll is on, keep the player in
// view when the sticky player is on. Off a watch page the panel is removed.
import {
  activeLineIndex,
  defaultCaptionTrack,
  highlightOfLine,
  parseYoutubeVideoId,
  YOUTUBE_DAILY_LIMIT_MESSAGE,
  type CaptionTrack,
  type GuestVideoPage,
  type GuestYoutubeOptions,
  type TranscriptHighlight,
  type TranscriptLine,
} from '@inkmark/shared/youtube'
import type { VideoTranscriptSaveArgs } from '@inkmark/shared/guest'
import { callBackground } from '~guest/bridge'
import { SEE_PLANS } from '~guest/upgrade-needed'
import { LIBRARY_CHANGED } from '~guest/channels'
import { shareTranscript } from '~guest/transcript-share'
import { panelHost, removePanelHost } from './panel-host'
import { setStickyPlayer } from './sticky-player'
import { createTranscriptPanel, type TranscriptPanel } from './transcript-panel'
import { TranscriptLoadError, loadTrackLines, loadVideoCaptions } from './transcript-source'

/** YouTube's own event after an in-page navigation. */
const YOUTUBE_NAVIGATE_FINISH = 'yt-navigate-finish'
const MAIN_VIDEO_SELECTORS = ['video.html5-main-video', 'video']
const GENERIC_ERROR = 'Something went wrong. Please try again.'

interface VideoState {
  videoId: string
  page: GuestVideoPage
  title: string | null
  tracks: CaptionTrack[]
  track: CaptionTrack | undefined
  lines: TranscriptLine[]
}

let panel: TranscriptPanel | undefined
let video: VideoState | undefined
/** Bumped on every navigation: answers for an earlier video are dropped. */
let generation = 0

function mainVideo(): HTMLVideoElement | null {
  for (const selector of MAIN_VIDEO_SELECTORS) {
    const found = document.querySelector<HTMLVideoElement>(selector)
    if (found) {
      return found
    }
  }
  return null
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : GENERIC_ERROR
}

function ensurePanel(): TranscriptPanel {
  const { root } = panelHost()
  panel ??= createTranscriptPanel(root, {
    chooseTrack: (index) => void chooseTrack(index),
    seek,
    toggleLine: (index) => void toggleLine(index),
    highlightSelection: () => void highlightSelection(),
    setOption: (name, value) => void setOption(name, value),
    retry: () => void showVideo(),
  })
  return panel
}

function seek(offset: number): void {
  const player = mainVideo()
  if (player) {
    player.currentTime = offset
  }
}

function followPlayback(event: Event): void {
  const player = mainVideo()
  if (!panel || !video || !player || event.target !== player) {
    return
  }
  const index = activeLineIndex(video.lines, player.currentTime)
  panel.setActive(index, video.page.youtubeOptions.enableAutoscrolling && !panel.isBusy())
}

async function loadLines(current: number): Promise<void> {
  if (!panel || !video) {
    return
  }
  const state = video
  if (!state.track) {
    panel.showNotice('This video has no transcript.')
    return
  }
  panel.showNotice('Loading transcript…', { busy: true })
  try {
    const lines = await loadTrackLines(state.track)
    if (current !== generation) {
      return
    }
    state.lines = lines
    // The sidebar's AI summary and chat read the video's words (guest/transcript-share.ts).
    shareTranscript(
      lines.length === 0
        ? undefined
        : {
            videoId: state.videoId,
            text: lines.map((line) => line.text).join('\n'),
            saved: transcriptToSave(state),
          },
    )
    if (lines.length === 0) {
      panel.showNotice('This transcript is empty.')
      return
    }
    panel.showLines(lines)
    panel.setHighlights(state.page.highlights)
    const player = mainVideo()
    if (player) {
      panel.setActive(activeLineIndex(lines, player.currentTime), false)
    }
  } catch (error) {
    if (current === generation) {
      panel.showNotice(error instanceof TranscriptLoadError ? error.message : GENERIC_ERROR, {
        retry: true,
      })
    }
  }
}

/** Loads and shows the video of the current URL (or removes the panel off a watch page). */
async function showVideo(): Promise<void> {
  const current = ++generation
  const videoId = parseYoutubeVideoId(location.href)
  shareTranscript(undefined)
  if (videoId === null) {
    video = undefined
    setStickyPlayer(false)
    removePanelHost()
    return
  }
  const view = ensurePanel()
  view.showAlert('')
  view.showNotice('Loading transcript…', { busy: true })
  try {
    const page = await callBackground('loadVideoPage', videoId)
    if (current !== generation) {
      return
    }
    if (page.blacklisted) {
      video = undefined
      removePanelHost()
      return
    }
    view.setOptions(page.youtubeOptions)
    setStickyPlayer(page.youtubeOptions.enableStickyPlayer)
    const captions = await loadVideoCaptions(videoId)
    if (current !== generation) {
      return
    }
    const track = defaultCaptionTrack(captions.tracks, navigator.language)
    video = {
      videoId,
      page,
      title: captions.title,
      tracks: captions.tracks,
      track,
      lines: [],
    }
    view.setTracks(captions.tracks, track ? captions.tracks.indexOf(track) : -1)
    await loadLines(current)
  } catch (error) {
    if (current === generation) {
      view.showNotice(messageOf(error), { retry: true })
    }
  }
}

/** The loaded transcript as the video's page content keeps it: the shown language first. */
function transcriptToSave(state: VideoState): VideoTranscriptSaveArgs {
  const shown = state.track?.languageCode
  const codes = state.tracks.map((track) => track.languageCode)
  return {
    lines: state.lines.map(({ text, offset, duration }) => ({ text, offset, duration })),
    availableLanguages: [...new Set([...(shown ? [shown] : []), ...codes])],
  }
}

/** Keeps the transcript as the video's page content once the video is in the library (ADR 083). */
async function saveTranscript(state: VideoState): Promise<void> {
  try {
    await callBackground('saveVideoTranscript', state.videoId, transcriptToSave(state))
  } catch (error) {
    if (video === state && panel) {
      showError(panel, error)
    }
  }
}

async function chooseTrack(index: number): Promise<void> {
  if (!video || !video.tracks[index]) {
    return
  }
  video.track = video.tracks[index]
  await loadLines(generation)
}

function setHighlights(highlights: TranscriptHighlight[]): void {
  if (video) {
    video.page.highlights = highlights.sort((a, b) => a.offset - b.offset)
    panel?.setHighlights(video.page.highlights)
  }
}

async function highlightLines(first: number, last: number): Promise<void> {
  if (!panel || !video || !video.track) {
    return
  }
  const state = video
  panel.showAlert('')
  try {
    const highlight = await callBackground('createTranscriptMark', state.videoId, {
      title: state.title ?? document.title,
      color: state.page.defaultHighlightColor,
      languageCode: state.track!.languageCode,
      firstIndex: first,
      lines: state.lines.slice(first, last + 1),
    })
    if (video !== state) {
      return
    }
    setHighlights([...state.page.highlights, highlight])
    panel.announce(first === last ? 'Line highlighted' : `${last - first + 1} lines highlighted`)
    await saveTranscript(state)
  } catch (error) {
    showError(panel, error)
  }
}

async function toggleLine(index: number): Promise<void> {
  const line = video?.lines[index]
  if (!panel || !video || !line) {
    return
  }
  const state = video
  const existing = highlightOfLine(state.page.highlights, line.offset)
  if (!existing) {
    await highlightLines(index, index)
    return
  }
  panel.showAlert('')
  try {
    await callBackground('deleteTranscriptMark', state.videoId, existing._id)
    if (video === state) {
      setHighlights(state.page.highlights.filter((other) => other._id !== existing._id))
      panel.announce('Highlight removed')
    }
  } catch (error) {
    showError(panel, error)
  }
}

async function highlightSelection(): Promise<void> {
  const selected = panel?.selectedLines()
  if (!panel || !selected) {
    panel?.showAlert('Select some transcript lines first, or use a line’s highlight button.')
    return
  }
  await highlightLines(selected[0], selected[1])
  document.getSelection()?.removeAllRanges()
}

async function setOption(name: keyof GuestYoutubeOptions, value: boolean): Promise<void> {
  if (!video || !panel) {
    return
  }
  const state = video
  try {
    const options = await callBackground('setYoutubeOptions', { [name]: value })
    state.page.youtubeOptions = options
    panel.setOptions(options)
    setStickyPlayer(options.enableStickyPlayer)
  } catch (error) {
    panel.setOptions(state.page.youtubeOptions)
    showError(panel, error)
  }
}

/** Reloads highlights and options after the library changed elsewhere (sidebar, another tab). */
async function refresh(): Promise<void> {
  if (!video) {
    return
  }
  const state = video
  try {
    const page = await callBackground('loadVideoPage', state.videoId)
    if (video !== state) {
      return
    }
    state.page = { ...page, highlights: state.page.highlights }
    panel?.setOptions(page.youtubeOptions)
    setStickyPlayer(page.youtubeOptions.enableStickyPlayer)
    setHighlights(page.highlights)
  } catch {
    // The next change or navigation tries again.
  }
}

/** Starts the panel on this tab (YouTube is one long-lived page: this runs once). */
export function startYoutubePanel(): void {
  let shownUrl = location.href
  const onNavigation = () => {
    if (location.href !== shownUrl) {
      shownUrl = location.href
      void showVideo()
    }
  }
  document.addEventListener(YOUTUBE_NAVIGATE_FINISH, onNavigation)
  window.addEventListener('popstate', onNavigation)
  // YouTube's in-page navigation uses the history API, which fires no event a content script sees
  // besides YouTube's own; the Navigation API reports it where available.
  const navigation = (window as { navigation?: EventTarget }).navigation
  navigation?.addEventListener('navigatesuccess', onNavigation)
  document.addEventListener('timeupdate', followPlayback, true)
  document.addEventListener('seeked', followPlayback, true)
  chrome.runtime.onMessage.addListener((message: unknown) => {
    if ((message as { channel?: unknown } | null)?.channel === LIBRARY_CHANGED) {
      void refresh()
    }
  })
  void showVideo()
}

/** Shows a failed call's message; the daily limit's comes with "See plans" (the pricing page). */
function showError(panel: TranscriptPanel, error: unknown): void {
  const message = messageOf(error)
  panel.showAlert(message, message === YOUTUBE_DAILY_LIMIT_MESSAGE ? SEE_PLANS : undefined)
}
