// The learning writes of the web app, through the local store (offline first; sync carries them
// and merges two devices' reviews of a card): a review on the scheduler the settings name, and a
// discard or undiscard. The store reads the stored card itself, so a review never overwrites one
// that sync brought meanwhile. Also the answers' previews for the session's buttons.
import {
  LearningRating,
  learningSchedulerSettings,
  nextReviewPreview as previewOf,
  type ChromeSettings,
  type LocalStore,
  type Mark,
} from '@inkmark/shared'
import type { AnswerKey } from './learning-session-model'

/** Stores the review of highlight `markId` with `answer` at `now`; resolves with the mark. */
export function reviewMark(
  store: LocalStore,
  markId: string,
  answer: AnswerKey,
  now: number,
): Promise<Mark> {
  return store.reviewMark(markId, LearningRating[answer], now)
}

/** Takes highlight `markId` out of learning (`disabled`) or brings it back, keeping its history. */
export function setMarkLearningDisabled(
  store: LocalStore,
  markId: string,
  disabled: boolean,
  now: number = Date.now(),
): Promise<Mark> {
  return store.setMarkLearningDisabled(markId, disabled, now)
}

/** When each answer would bring the card back (epoch ms), for the session's buttons. */
export function nextReviewPreview(
  mark: Mark,
  settings: ChromeSettings,
  now: number,
): Record<AnswerKey, number> {
  return previewOf(mark.learningItem, learningSchedulerSettings(settings), now)
}
