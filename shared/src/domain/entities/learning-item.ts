// The flashcard state stored on a mark. The review arithmetic lives in ../learning-review (the
// spec's rules) and ../learning-scheduler (FSRS and the review log); this module owns the stored
// shape, its validation and the starting values (spec section 3), so a mark whose learning item
// lacks a field reads as a never-reviewed card instead of failing. The FSRS state, the review log,
// its replay base and the discard time are optional: items written before them stay valid.
import { z } from 'zod'
import { INITIAL_EASINESS, INITIAL_INTERVAL, INITIAL_REPETITIONS } from '../learning-review'
import { EpochMillisSchema } from './common'

/** Whether learning is switched off for a new card (the card takes part in sessions). */
export const DEFAULT_DISABLE_LEARNING = false

/** The two schedulers a card can be reviewed with: the spec's rules or FSRS. */
export const LearningSchedulerName = { SPEC: 'SPEC', FSRS: 'FSRS' } as const
export type LearningSchedulerName =
  (typeof LearningSchedulerName)[keyof typeof LearningSchedulerName]

/** FSRS's default target: 90% of reviews recalled. */
export const DEFAULT_DESIRED_RETENTION = 0.9
/** Lowest desired retention offered (fewer reviews, more forgetting). */
export const MIN_DESIRED_RETENTION = 0.7
/** Highest desired retention offered (many more reviews). */
export const MAX_DESIRED_RETENTION = 0.97

/** The FSRS memory state of a card, as plain numbers (ts-fsrs's Card with dates as epoch millis). */
export const FsrsCardStateSchema = z.looseObject({
  due: EpochMillisSchema,
  stability: z.number().nonnegative(),
  difficulty: z.number().nonnegative(),
  elapsed_days: z.number().nonnegative(),
  scheduled_days: z.number().nonnegative(),
  learning_steps: z.number().int().nonnegative().default(0),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
  state: z.number().int().min(0).max(3),
  last_review: EpochMillisSchema.optional(),
})
export type FsrsCardState = z.infer<typeof FsrsCardStateSchema>

/** One review of a card: when, the answer, which scheduler set the next review and how far out. */
export const ReviewLogEntrySchema = z.looseObject({
  /** Unique per review (a fresh id), so the same review seen on two devices counts once. */
  id: z.string().min(1),
  reviewedAt: EpochMillisSchema,
  /** The spec's answer: 0 Don't know, 2.5 Neutral, 5 I know. */
  rating: z.union([z.literal(0), z.literal(2.5), z.literal(5)]),
  scheduler: z.enum(LearningSchedulerName),
  /** Days from the review to the next one, as the active scheduler set it. */
  intervalDays: z.number().nonnegative(),
  /** The retention FSRS aimed for, when FSRS was the active scheduler. */
  desiredRetention: z.number().min(0).max(1).optional(),
})
export type ReviewLogEntry = z.infer<typeof ReviewLogEntrySchema>

const learningStateShape = {
  easinessFactor: z.number().default(INITIAL_EASINESS),
  interval: z.number().nonnegative().default(INITIAL_INTERVAL),
  repetitions: z.number().int().nonnegative().default(INITIAL_REPETITIONS),
  lastLearned: EpochMillisSchema.optional(),
  /** The moment (epoch millis) the card is next due, as the active scheduler set it. */
  nextReviewInMillis: EpochMillisSchema.optional(),
  /** One entry (epoch millis) per review, oldest first. */
  lastLearnedHistory: z.array(EpochMillisSchema).default(() => []),
  /** FSRS state, kept up to date by every review whichever scheduler is active. */
  fsrs: FsrsCardStateSchema.optional(),
}

/** The card's state before its first logged review: the base the review log is replayed on. */
export const LearningReviewBaseSchema = z.looseObject(learningStateShape)
export type LearningReviewBase = z.infer<typeof LearningReviewBaseSchema>

/** Validates a mark's learning item; missing fields take the spec's starting values. */
export const LearningItemSchema = z.looseObject({
  ...learningStateShape,
  disableLearning: z.boolean().default(DEFAULT_DISABLE_LEARNING),
  /** When the card was last discarded or brought back; the later change wins a merge. */
  disableLearningChangedAt: EpochMillisSchema.optional(),
  /** Every review since the log began, in replay order (reviewedAt, then id). */
  reviewLog: z.array(ReviewLogEntrySchema).optional(),
  /** The state the log is replayed on (present whenever reviewLog is). */
  reviewBase: LearningReviewBaseSchema.optional(),
})
export type LearningItem = z.infer<typeof LearningItemSchema>
/** What `createLearningItem` accepts: any learning item field. */
export type LearningItemInit = Partial<z.input<typeof LearningItemSchema>>

/** A never-reviewed learning item (easiness 2.5, interval 1, repetitions 0), with overrides. */
export function createLearningItem(overrides: LearningItemInit = {}): LearningItem {
  return LearningItemSchema.parse(overrides)
}
