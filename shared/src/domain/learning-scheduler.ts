// One review of a card under either scheduler. Every review updates both the spec's SM-2 fields
// (learning-review.ts, unchanged) and an FSRS memory state (ts-fsrs), so switching schedulers never
// loses history; the active scheduler only decides `nextReviewInMillis`. Every review is appended
// to the card's review log, which learning-merge.ts replays to merge two devices' copies.
// See docs/adr/041-schedulers-and-review-log.md for the grade mapping and the FSRS options.
import type { Card, FSRS, Grade } from 'ts-fsrs'
import { Rating, createEmptyCard, fsrs } from 'ts-fsrs'
import type {
  FsrsCardState,
  LearningItem,
  LearningReviewBase,
  ReviewLogEntry,
} from './entities/learning-item'
import {
  DEFAULT_DESIRED_RETENTION,
  LearningSchedulerName,
  MAX_DESIRED_RETENTION,
  MIN_DESIRED_RETENTION,
  createLearningItem,
} from './entities/learning-item'
import { LearningRating, reviewLearningItem } from './learning-review'

export {
  DEFAULT_DESIRED_RETENTION,
  LearningSchedulerName,
  MAX_DESIRED_RETENTION,
  MIN_DESIRED_RETENTION,
} from './entities/learning-item'

/** The scheduler the user chose and the retention FSRS aims for. */
export interface LearningSchedulerSettings {
  scheduler: LearningSchedulerName
  desiredRetention: number
}

/** The spec's scheduler is the default; FSRS is opt-in. */
export const DEFAULT_LEARNING_SCHEDULER_SETTINGS: LearningSchedulerSettings = {
  scheduler: LearningSchedulerName.SPEC,
  desiredRetention: DEFAULT_DESIRED_RETENTION,
}

/** The FSRS grade each of the spec's three answers maps to (ADR 041). */
export const FSRS_GRADE_FOR_RATING: Readonly<Record<LearningRating, Grade>> = {
  [LearningRating.DONT_KNOW]: Rating.Again,
  [LearningRating.NEUTRAL]: Rating.Hard,
  [LearningRating.KNOW]: Rating.Good,
}

/** The preview keys, one per answer button. */
export type LearningRatingKey = keyof typeof LearningRating

const MILLIS_PER_DAY = 86_400_000
const INTERVAL_DAYS_SCALE = 1e4

/** Keeps a retention inside the offered range (0.70-0.97); anything not finite takes 0.9. */
export function clampDesiredRetention(retention: number): number {
  if (!Number.isFinite(retention)) {
    return DEFAULT_DESIRED_RETENTION
  }
  return Math.min(MAX_DESIRED_RETENTION, Math.max(MIN_DESIRED_RETENTION, retention))
}

/** FSRS options beyond the retention: the model weights (ts-fsrs's defaults unless given). */
export interface FsrsOptions {
  /** FSRS weights (19 or 21 numbers), e.g. optimised on the user's own review log one day. */
  weights?: readonly number[]
}

const schedulers = new Map<string, FSRS>()

// No fuzz (a replay on another device must give the same dates) and no short-term steps (the
// spec's day rule never shows a card twice in a day, so minute steps could not be honoured).
function fsrsScheduler(retention: number, options: FsrsOptions): FSRS {
  const key = `${retention}|${options.weights?.join(',') ?? ''}`
  let scheduler = schedulers.get(key)
  if (scheduler === undefined) {
    scheduler = fsrs({
      request_retention: retention,
      enable_fuzz: false,
      enable_short_term: false,
      ...(options.weights === undefined ? {} : { w: options.weights }),
    })
    schedulers.set(key, scheduler)
  }
  return scheduler
}

function toFsrsCard(state: FsrsCardState | undefined, now: number): Card {
  if (state === undefined) {
    return createEmptyCard(new Date(now))
  }
  return {
    due: new Date(state.due),
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: state.elapsed_days,
    scheduled_days: state.scheduled_days,
    learning_steps: state.learning_steps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state,
    ...(state.last_review === undefined ? {} : { last_review: new Date(state.last_review) }),
  }
}

function fromFsrsCard(card: Card): FsrsCardState {
  return {
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    ...(card.last_review === undefined ? {} : { last_review: card.last_review.getTime() }),
  }
}

/** The FSRS state after one review with this answer (a card without one starts as new). */
export function nextFsrsState(
  state: FsrsCardState | undefined,
  rating: LearningRating,
  now: number,
  desiredRetention: number,
  options: FsrsOptions = {},
): FsrsCardState {
  const scheduler = fsrsScheduler(clampDesiredRetention(desiredRetention), options)
  // FSRS refuses a review before the last one (a clock set back): take it as made at the last one.
  const at = Math.max(now, state?.last_review ?? now)
  const { card } = scheduler.next(
    toFsrsCard(state, at),
    new Date(at),
    FSRS_GRADE_FOR_RATING[rating],
  )
  return fromFsrsCard(card)
}

function roundIntervalDays(millis: number): number {
  return Math.round((millis / MILLIS_PER_DAY) * INTERVAL_DAYS_SCALE) / INTERVAL_DAYS_SCALE
}

type LearningState = LearningReviewBase & Partial<Pick<LearningItem, 'disableLearning'>>

/**
 * Applies one logged review to a state: the spec's SM-2 fields, the FSRS state and the next review
 * by the entry's scheduler. Shared by `reviewCard` and the merge's replay so both agree exactly.
 */
export function applyReviewEntry<T extends LearningState>(state: T, entry: ReviewLogEntry): T {
  const retention = entry.desiredRetention ?? DEFAULT_DESIRED_RETENTION
  const spec = reviewLearningItem(state, entry.rating, entry.reviewedAt)
  const fsrsState = nextFsrsState(state.fsrs, entry.rating, entry.reviewedAt, retention)
  const nextReviewInMillis =
    entry.scheduler === LearningSchedulerName.FSRS ? fsrsState.due : spec.nextReviewInMillis
  return { ...state, ...spec, fsrs: fsrsState, nextReviewInMillis }
}

/** Orders reviews for replay: by time, then by id, so every device replays in the same order. */
export function compareReviewEntries(a: ReviewLogEntry, b: ReviewLogEntry): number {
  if (a.reviewedAt !== b.reviewedAt) {
    return a.reviewedAt < b.reviewedAt ? -1 : 1
  }
  if (a.id === b.id) {
    return 0
  }
  return a.id < b.id ? -1 : 1
}

/** The item's state without its log, base and discard fields: what a review log replays onto. */
export function reviewBaseOf(item: LearningItem): LearningReviewBase {
  const {
    reviewLog: _log,
    reviewBase: _base,
    disableLearning: _disabled,
    disableLearningChangedAt: _changedAt,
    ...base
  } = item
  return base
}

/** Replays a log, in replay order, onto a base; the discard state is set afterwards. */
export function replayReviewLog(
  base: LearningReviewBase,
  log: readonly ReviewLogEntry[],
  discard: Pick<LearningItem, 'disableLearning' | 'disableLearningChangedAt'>,
): LearningItem {
  const ordered = [...log].sort(compareReviewEntries)
  let state: LearningReviewBase = base
  for (const entry of ordered) {
    state = applyReviewEntry(state, entry)
  }
  return {
    ...state,
    disableLearning: discard.disableLearning,
    ...(discard.disableLearningChangedAt === undefined
      ? {}
      : { disableLearningChangedAt: discard.disableLearningChangedAt }),
    ...(ordered.length === 0 ? {} : { reviewLog: ordered, reviewBase: base }),
  }
}

function logEntry(
  rating: LearningRating,
  now: number,
  settings: LearningSchedulerSettings,
  reviewId: string,
): ReviewLogEntry {
  // intervalDays is filled in once the review has been applied.
  return settings.scheduler === LearningSchedulerName.FSRS
    ? {
        id: reviewId,
        reviewedAt: now,
        rating,
        scheduler: settings.scheduler,
        intervalDays: 0,
        desiredRetention: clampDesiredRetention(settings.desiredRetention),
      }
    : { id: reviewId, reviewedAt: now, rating, scheduler: settings.scheduler, intervalDays: 0 }
}

/**
 * Reviews a card at `now`: both schedulers' states move on, `nextReviewInMillis` follows the active
 * one, and the review joins the log (its base is the card as it was before its first logged review).
 */
export function reviewCard(
  item: LearningItem | undefined,
  rating: LearningRating,
  now: number,
  settings: LearningSchedulerSettings,
  reviewId: string,
): LearningItem {
  const current = item ?? createLearningItem()
  const log = current.reviewLog ?? []
  const base = current.reviewBase ?? reviewBaseOf(current)
  const partial = logEntry(rating, now, settings, reviewId)
  const reviewed = applyReviewEntry(current, partial)
  const entry: ReviewLogEntry = {
    ...partial,
    intervalDays: roundIntervalDays((reviewed.nextReviewInMillis ?? now) - now),
  }
  const last = log.at(-1)
  if (last !== undefined && compareReviewEntries(last, entry) > 0) {
    // A clock set back put this review before a logged one: replay so the order stays canonical.
    return replayReviewLog(base, [...log, entry], current)
  }
  return { ...reviewed, reviewLog: [...log, entry], reviewBase: base }
}

/** When each answer would bring the card back (epoch millis), for the session's buttons. */
export function nextReviewPreview(
  item: LearningItem | undefined,
  settings: LearningSchedulerSettings,
  now: number,
): Record<LearningRatingKey, number> {
  const current = item ?? createLearningItem()
  const at = (rating: LearningRating): number => {
    const entry = logEntry(rating, now, settings, 'preview')
    return applyReviewEntry(current, entry).nextReviewInMillis ?? now
  }
  return {
    DONT_KNOW: at(LearningRating.DONT_KNOW),
    NEUTRAL: at(LearningRating.NEUTRAL),
    KNOW: at(LearningRating.KNOW),
  }
}

/** Discards or brings back a card at `now`, stamping the change so the later one wins a merge. */
export function setLearningDisabled(
  item: LearningItem | undefined,
  disabled: boolean,
  now: number,
): LearningItem {
  return {
    ...(item ?? createLearningItem()),
    disableLearning: disabled,
    disableLearningChangedAt: now,
  }
}

/** The scheduler settings from stored settings, with defaults and the retention clamped. */
export function learningSchedulerSettings(settings: {
  learningScheduler?: LearningSchedulerName
  desiredRetention?: number
}): LearningSchedulerSettings {
  return {
    scheduler: settings.learningScheduler ?? LearningSchedulerName.SPEC,
    desiredRetention: clampDesiredRetention(settings.desiredRetention ?? DEFAULT_DESIRED_RETENTION),
  }
}
