// Validators of the stored selectors (selectors.ts), for the store and imports. Kept apart from the
// plain types so that the content script, which only anchors, does not bundle zod.
import { z } from 'zod'
import { HighlightSourceSchema } from '../domain/entities/mark'

/** Validates a W3C TextQuoteSelector. */
export const TextQuoteSelectorSchema = z.looseObject({
  type: z.literal('TextQuoteSelector'),
  exact: z.string().min(1),
  prefix: z.string().optional(),
  suffix: z.string().optional(),
})

/** Validates a W3C TextPositionSelector ([start, end) with start <= end). */
export const TextPositionSelectorSchema = z
  .looseObject({
    type: z.literal('TextPositionSelector'),
    start: z.number().int().nonnegative(),
    end: z.number().int().nonnegative(),
  })
  .refine((selector) => selector.start <= selector.end, {
    message: 'A text position must not end before it starts',
    path: ['end'],
  })

/** Validates one selector of a W3C `selector` list that Inkmark anchors by. */
export const AnchorSelectorSchema = z.discriminatedUnion('type', [
  TextQuoteSelectorSchema,
  TextPositionSelectorSchema,
])

/** Validates a W3C `selector` list (the form a mark would store them in). */
export const AnchorSelectorListSchema = z.array(AnchorSelectorSchema)

/** Validates what `describeRange` produces and `anchorSelectors` accepts. */
export const AnchorSelectorsSchema = z.looseObject({
  highlightSource: HighlightSourceSchema.optional(),
  quote: TextQuoteSelectorSchema.optional(),
  position: TextPositionSelectorSchema.optional(),
})
