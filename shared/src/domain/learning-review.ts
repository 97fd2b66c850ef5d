// Spaced-repetition rules for one flashcard (a highlight's learning item): the review update,
// the next-review schedule, the confidence score and the memory level shown on the card. Pure
// numbers in, a new item out, so the store and every app schedule cards identically.
// See docs/adr/002-learning-update-order.md for the choices the spec leaves open.

/** The learning state stored on a mark; times are epoch milliseconds. */
export interface LearningItemState {
  easinessFactor: number
  interval: number
  repetitions: number
  lastLearned?: number
  nextReviewInMillis?: number
  lastLearnedHistory: number[]
  disableLearning?: boolean
}

/** Easiness factor of a card that was never reviewed. */
export const INITIAL_EASINESS = 2.5
/** Interval, in days, of a card that was never reviewed. */
export const INITIAL_INTERVAL = 1
/** Repetitions of a card that was never reviewed. */
export const INITIAL_REPETITIONS = 0
/** The easiness factor never drops below this value. */
export const MIN_EASINESS = 1.3
/** Easiness treated as "easiest" when scoring confidence; the factor itself is not capped. */
export const MAX_EASINESS_REFERENCE = 3.2
/** Constant part of the easiness update (a perfect answer adds exactly this). */
export const EASINESS_BONUS = 0.12
/** Linear part of the easiness penalty per missing rating point. */
export const EASINESS_PENALTY_BASE = 0.08
/** Quadratic part of the easiness penalty per missing rating point. */
export const EASINESS_PENALTY_SLOPE = 0.02
/** A failed review divides the repetitions by this before multiplying by the easiness. */
export const FAILED_REVIEW_REPETITION_DIVISOR = 3
/** The next review is never scheduled further out than this many days. */
export const MAX_REVIEW_DAYS = 360
/** Reviews further out than this many days need a high confidence. */
export const CONFIDENCE_REVIEW_THRESHOLD_DAYS = 100
/** Confidence a card needs to be scheduled beyond the threshold above. */
export const CONFIDENCE_REVIEW_MIN_CONFIDENCE = 85
/** Confidence of a card with zero repetitions. */
export const NEW_CARD_CONFIDENCE = 3
/** The spec's learning constant: an interval of this many days counts as fully learned. */
export const LEARNING_CONSTANT_DAYS = 350
/** Confidence points earned by the interval (reaching the learning constant earns all). */
export const CONFIDENCE_INTERVAL_WEIGHT = 80
/** Confidence points earned by the easiness (reaching the reference maximum earns all). */
export const CONFIDENCE_EASINESS_WEIGHT = 10
/** Confidence points earned by repetitions (half the remainder with each review). */
export const CONFIDENCE_REPETITION_WEIGHT = 10
/** Highest confidence value. */
export const MAX_CONFIDENCE = 100
/** Lowest confidence of the Long-Term Memory level. */
export const LONG_TERM_MEMORY_MIN_CONFIDENCE = 80
/** Lowest confidence of the Confident Recall level. */
export const CONFIDENT_RECALL_MIN_CONFIDENCE = 60
/** Lowest confidence of the Moderate Recall level. */
export const MODERATE_RECALL_MIN_CONFIDENCE = 40
/** Lowest confidence of the Short-Term Memory level. */
export const SHORT_TERM_MEMORY_MIN_CONFIDENCE = 20
/** Lowest confidence of the New Knowledge level; anything outside 0-100 is Not Yet Learned. */
export const NEW_KNOWLEDGE_MIN_CONFIDENCE = 0

const MILLIS_PER_DAY = 86_400_000
// Intervals and easiness are decimal quantities; float noise such as 10 × 1.1 = 11.000000000000002
// must not push a ceil up a whole day or a half-way rounding down a step.
const FLOAT_NOISE_SCALE = 1e6

/** The three answers a learner can give. */
export const LearningRating = { DONT_KNOW: 0, NEUTRAL: 2.5, KNOW: 5 } as const
export type LearningRating = (typeof LearningRating)[keyof typeof LearningRating]

/** Ratings below this one are failed reviews. */
export const FAILED_RATING_THRESHOLD = LearningRating.NEUTRAL

/** Memory levels derived from confidence, strongest first. */
export const MemoryLevel = {
  LONG_TERM_MEMORY: 'LONG_TERM_MEMORY',
  CONFIDENT_RECALL: 'CONFIDENT_RECALL',
  MODERATE_RECALL: 'MODERATE_RECALL',
  SHORT_TERM_MEMORY: 'SHORT_TERM_MEMORY',
  NEW_KNOWLEDGE: 'NEW_KNOWLEDGE',
  NOT_YET_LEARNED: 'NOT_YET_LEARNED',
  DISCARDED: 'DISCARDED',
} as const
export type MemoryLevel = (typeof MemoryLevel)[keyof typeof MemoryLevel]

// Both spec lists have seven entries in the same strongest-to-weakest order; pair by position.
const MEMORY_LEVEL_LABELS: Record<MemoryLevel, string> = {
  LONG_TERM_MEMORY: 'Long-Term Memory',
  CONFIDENT_RECALL: 'Confident Recall',
  MODERATE_RECALL: 'Good Recall',
  SHORT_TERM_MEMORY: 'Moderate Recall',
  NEW_KNOWLEDGE: 'Likely to forget',
  NOT_YET_LEARNED: 'Not Yet Learned',
  DISCARDED: 'Discarded',
}

function stripFloatNoise(value: number): number {
  return Math.round(value * FLOAT_NOISE_SCALE) / FLOAT_NOISE_SCALE
}

function roundToHundredths(value: number): number {
  return Math.round(stripFloatNoise(value) * 100) / 100
}

function clampShare(value: number): number {
  return Math.min(1, Math.max(0, value))
}

/** True when the card has never been reviewed (no repetitions or no last-learned time). */
export function isNewLearningItem(item: LearningItemState | undefined): boolean {
  return item === undefined || item.repetitions <= 0 || item.lastLearned === undefined
}

/** The easiness factor after a review with this rating, rounded to 2 decimals, at least 1.3. */
export function nextEasinessFactor(easinessFactor: number, rating: LearningRating): number {
  const missing = 5 - rating
  const raw =
    easinessFactor +
    EASINESS_BONUS -
    missing * (EASINESS_PENALTY_BASE + missing * EASINESS_PENALTY_SLOPE)
  return Math.max(MIN_EASINESS, roundToHundredths(raw))
}

/** The SM-2 interval in days after a review, using the easiness from before the review. */
export function nextIntervalDays(item: LearningItemState, rating: LearningRating): number {
  if (rating < FAILED_RATING_THRESHOLD) {
    if (item.repetitions <= 0) {
      return INITIAL_INTERVAL
    }
    const days = (item.repetitions / FAILED_REVIEW_REPETITION_DIVISOR) * item.easinessFactor
    return Math.ceil(stripFloatNoise(days))
  }
  return Math.ceil(stripFloatNoise(item.interval * item.easinessFactor))
}

/** Confidence 0-100: 3 for a new card, else interval, easiness and repetitions weighted 80/10/10. */
export function learningConfidence(item: LearningItemState): number {
  if (item.repetitions <= 0) {
    return NEW_CARD_CONFIDENCE
  }
  const intervalShare = clampShare(item.interval / LEARNING_CONSTANT_DAYS)
  const easinessShare = clampShare(
    (item.easinessFactor - MIN_EASINESS) / (MAX_EASINESS_REFERENCE - MIN_EASINESS),
  )
  const repetitionShare = 1 - 2 ** -item.repetitions
  const score =
    CONFIDENCE_INTERVAL_WEIGHT * intervalShare +
    CONFIDENCE_EASINESS_WEIGHT * easinessShare +
    CONFIDENCE_REPETITION_WEIGHT * repetitionShare
  return Math.min(MAX_CONFIDENCE, Math.round(stripFloatNoise(score)))
}

/** Days until the next review: at most 360, and above 100 only with a confidence of 85 or more. */
export function reviewDelayDays(intervalDays: number, confidence: number): number {
  const days = Math.min(intervalDays, MAX_REVIEW_DAYS)
  if (days > CONFIDENCE_REVIEW_THRESHOLD_DAYS && confidence < CONFIDENCE_REVIEW_MIN_CONFIDENCE) {
    // The rule exists to shorten long jumps for shaky cards, so it never lengthens one.
    return Math.min(days, CONFIDENCE_REVIEW_THRESHOLD_DAYS + confidence / 2)
  }
  return days
}

/** Applies one review at `now` and returns the updated item; the input is left untouched. */
export function reviewLearningItem(
  item: LearningItemState,
  rating: LearningRating,
  now: number,
): LearningItemState {
  const updated: LearningItemState = {
    ...item,
    easinessFactor: nextEasinessFactor(item.easinessFactor, rating),
    interval: Math.min(nextIntervalDays(item, rating), MAX_REVIEW_DAYS),
    repetitions: item.repetitions + 1,
    lastLearned: now,
    lastLearnedHistory: [...item.lastLearnedHistory, now],
  }
  const delayDays = reviewDelayDays(updated.interval, learningConfidence(updated))
  return { ...updated, nextReviewInMillis: now + Math.round(delayDays * MILLIS_PER_DAY) }
}

/** Discards a card from learning (it keeps its history and can be brought back). */
export function discardLearningItem(item: LearningItemState): LearningItemState {
  return { ...item, disableLearning: true }
}

/** Brings a discarded card back into learning with its previous schedule. */
export function undiscardLearningItem(item: LearningItemState): LearningItemState {
  return { ...item, disableLearning: false }
}

/** The memory level of a card: Discarded, Not Yet Learned, or a confidence band. */
export function memoryLevel(item: LearningItemState | undefined): MemoryLevel {
  if (item?.disableLearning === true) {
    return MemoryLevel.DISCARDED
  }
  if (item === undefined || isNewLearningItem(item)) {
    return MemoryLevel.NOT_YET_LEARNED
  }
  const confidence = learningConfidence(item)
  if (!(confidence >= NEW_KNOWLEDGE_MIN_CONFIDENCE && confidence <= MAX_CONFIDENCE)) {
    return MemoryLevel.NOT_YET_LEARNED
  }
  if (confidence >= LONG_TERM_MEMORY_MIN_CONFIDENCE) {
    return MemoryLevel.LONG_TERM_MEMORY
  }
  if (confidence >= CONFIDENT_RECALL_MIN_CONFIDENCE) {
    return MemoryLevel.CONFIDENT_RECALL
  }
  if (confidence >= MODERATE_RECALL_MIN_CONFIDENCE) {
    return MemoryLevel.MODERATE_RECALL
  }
  if (confidence >= SHORT_TERM_MEMORY_MIN_CONFIDENCE) {
    return MemoryLevel.SHORT_TERM_MEMORY
  }
  return MemoryLevel.NEW_KNOWLEDGE
}

/** The label shown for a memory level. */
export function memoryLevelLabel(level: MemoryLevel): string {
  return MEMORY_LEVEL_LABELS[level]
}
