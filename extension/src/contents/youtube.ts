// The content script of YouTube: the transcript panel on watch pages (youtube/youtube-panel.ts).
// It matches the whole site, over http and https, because YouTube navigates between pages without
// loading them: a visit that starts on the home page reaches a watch page in the same document.
import type { PlasmoCSConfig } from 'plasmo'
import { startYoutubePanel } from '~youtube/youtube-panel'

export const config: PlasmoCSConfig = {
  matches: ['*://www.youtube.com/*'],
  run_at: 'document_idle',
  all_frames: false,
}

startYoutubePanel()
