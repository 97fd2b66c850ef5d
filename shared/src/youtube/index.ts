// The YouTube transcript code that content scripts and the background share: reading a watch
// page's player response, parsing timed text, timestamps, the stored shape of transcript
// highlights and the daily limit (`@inkmark/shared/youtube`, an entry of its own so the page
// highlighter that runs on every site does not carry it). Pure and free of zod, the store and the DOM.
export * from './daily-limit'
export * from './player-response'
export * from './transcript-lines'
export * from './transcript-mark'
export * from './transcript-xml'
export * from './youtube-site'
export {
  isYoutubeVideoId,
  isYoutubeVideoUrl,
  parseYoutubeVideoId,
  toYoutubeWatchUrl,
} from '../domain/youtube'
export type {
  GuestVideoPage,
  GuestYoutubeOptions,
  NewTranscriptMark,
} from '../messaging/guest-protocol'
