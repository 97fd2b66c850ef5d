// The YouTube transcript code that content scripts and the background share: reading a watch
// page's player response, parsing timed text, timestamps, the stored shape of transcript
// highlights and the daily limit. Pure and free of zod, the store and the DOM.
export * from './daily-limit'
export * from './player-response'
export * from './transcript-lines'
export * from './transcript-mark'
export * from './transcript-xml'
export { isYoutubeVideoUrl, parseYoutubeVideoId, toYoutubeWatchUrl } from '../domain/youtube'
