// The flashcard state stored on a mark. The review arithmetic lives in ../learning-review; this
// module owns the stored shape, its validation and the starting values (spec section 3), so a mark
// whose learning item lacks a field reads as a never-reviewed card instead of failing.
import { z } from 'zod'
import { INITIAL_EASINESS, INITIAL_INTERVAL, INITIAL_REPETITIONS } from '../learning-review'
import { EpochMillisSchema } from './common'

/** Whether learning is switched off for a new card (the card takes part in sessions). */
export const DEFAULT_DISABLE_LEARNING = false

/** Validates a mark's learning item; missing fields take the spec's starting values. */
export const LearningItemSchema = z.looseObject({
  easinessFactor: z.number().default(INITIAL_EASINESS),
  interval: z.number().nonnegative().default(INITIAL_INTERVAL),
  repetitions: z.number().int().nonnegative().default(INITIAL_REPETITIONS),
  lastLearned: EpochMillisSchema.optional(),
  /** The moment (epoch millis) the card is next due. */
  nextReviewInMillis: EpochMillisSchema.optional(),
  /** One entry (epoch millis) per review, oldest first. */
  lastLearnedHistory: z.array(EpochMillisSchema).default(() => []),
  disableLearning: z.boolean().default(DEFAULT_DISABLE_LEARNING),
})
export type LearningItem = z.infer<typeof LearningItemSchema>
/** What `createLearningItem` accepts: any learning item field. */
export type LearningItemInit = Partial<z.input<typeof LearningItemSchema>>

/** A never-reviewed learning item (easiness 2.5, interval 1, repetitions 0), with overrides. */
export function createLearningItem(overrides: LearningItemInit = {}): LearningItem {
  return LearningItemSchema.parse(overrides)
}
