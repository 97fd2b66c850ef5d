// The learning writes of the web app: a review (on the scheduler the settings name) and a discard
// or undiscard, each one write of the mark through the local store, offline first; sync carries
// it like any edit and merges two devices' reviews of a card (mergeLearningItems).
import {
  LearningRating,
  ObjectStore,
  learningSchedulerSettings,
  nextReviewPreview as previewOf,
  reviewCard,
  setLearningDisabled,
  type ChromeSettings,
  type LocalStore,
  type Mark,
  type WriteResult,
} from '@inkmark/shared'
import type { AnswerKey } from './learning-session-model'

/** Stores the review of `mark` with `answer` at `now`, scheduled as the settings say. */
export function reviewMark(
  store: LocalStore,
  mark: Mark,
  answer: AnswerKey,
  now: number,
): Promise<WriteResult> {
  const settings = learningSchedulerSettings(store.getChromeSettings())
  const learningItem = reviewCard(
    mark.learningItem,
    LearningRating[answer],
    now,
    settings,
    crypto.randomUUID(),
  )
  return store.createOrUpdateEntities([{ ...mark, learningItem, _objectStore: ObjectStore.MARKS }])
}

/** Takes `mark` out of learning (`disabled`) or brings it back, keeping its history. */
export function setMarkLearningDisabled(
  store: LocalStore,
  mark: Mark,
  disabled: boolean,
  now: number = Date.now(),
): Promise<WriteResult> {
  const learningItem = setLearningDisabled(mark.learningItem, disabled, now)
  return store.createOrUpdateEntities([{ ...mark, learningItem, _objectStore: ObjectStore.MARKS }])
}

/** When each answer would bring the card back (epoch ms), for the session's buttons. */
export function nextReviewPreview(
  mark: Mark,
  settings: ChromeSettings,
  now: number,
): Record<AnswerKey, number> {
  return previewOf(mark.learningItem, learningSchedulerSettings(settings), now)
}
