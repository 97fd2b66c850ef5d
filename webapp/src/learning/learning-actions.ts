// The learning writes of the web app: a review and a discard or undiscard, each one write of the
// mark through the local store (offline first; sync carries it like any edit).
import {
  LearningRating,
  ObjectStore,
  createLearningItem,
  discardLearningItem,
  reviewLearningItem,
  undiscardLearningItem,
  type LocalStore,
  type Mark,
  type WriteResult,
} from '@inkmark/shared'
import type { AnswerKey } from './learning-session-model'

/** Stores the review of `mark` with `answer` at `now`. */
export function reviewMark(
  store: LocalStore,
  mark: Mark,
  answer: AnswerKey,
  now: number,
): Promise<WriteResult> {
  const item = mark.learningItem ?? createLearningItem()
  const learningItem = { ...item, ...reviewLearningItem(item, LearningRating[answer], now) }
  return store.createOrUpdateEntities([{ ...mark, learningItem, _objectStore: ObjectStore.MARKS }])
}

/** Takes `mark` out of learning (`disabled`) or brings it back, keeping its history. */
export function setMarkLearningDisabled(
  store: LocalStore,
  mark: Mark,
  disabled: boolean,
): Promise<WriteResult> {
  const item = mark.learningItem ?? createLearningItem()
  const changed = disabled ? discardLearningItem(item) : undiscardLearningItem(item)
  return store.createOrUpdateEntities([
    { ...mark, learningItem: { ...item, ...changed }, _objectStore: ObjectStore.MARKS },
  ])
}

/** When each answer would bring the card back (epoch ms), for the session's buttons. */
export function nextReviewPreview(mark: Mark, now: number): Record<AnswerKey, number> {
  const item = mark.learningItem ?? createLearningItem()
  const at = (answer: AnswerKey) =>
    reviewLearningItem(item, LearningRating[answer], now).nextReviewInMillis ?? now
  return { DONT_KNOW: at('DONT_KNOW'), NEUTRAL: at('NEUTRAL'), KNOW: at('KNOW') }
}
