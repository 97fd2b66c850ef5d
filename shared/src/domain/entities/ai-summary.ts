// An AI summary of a page, as stored on its bookmark. The value lists mirror the browser's
// Summarizer API (format, length, type) plus the product's progress status; only a complete
// summary is saved (spec sections 3 and 4).
import { z } from 'zod'
import { EpochMillisSchema, withoutUndefined } from './common'

/** Output format of a summary. */
export const AiSummaryFormat = { MARKDOWN: 'markdown' } as const
export type AiSummaryFormat = (typeof AiSummaryFormat)[keyof typeof AiSummaryFormat]

/** Requested length of a summary. */
export const AiSummaryLength = { SHORT: 'short', MEDIUM: 'medium', LONG: 'long' } as const
export type AiSummaryLength = (typeof AiSummaryLength)[keyof typeof AiSummaryLength]

/** Kind of summary. */
export const AiSummaryType = {
  KEY_POINTS: 'key-points',
  HEADLINE: 'headline',
  TLDR: 'tldr',
  TEASER: 'teaser',
} as const
export type AiSummaryType = (typeof AiSummaryType)[keyof typeof AiSummaryType]

/** Labels shown for each summary type (spec section 9). */
export const AI_SUMMARY_TYPE_LABELS: Readonly<Record<AiSummaryType, string>> = {
  [AiSummaryType.KEY_POINTS]: 'Key Points',
  [AiSummaryType.HEADLINE]: 'Headline',
  [AiSummaryType.TLDR]: 'TL;DR',
  [AiSummaryType.TEASER]: 'Teaser',
}

/** Progress of a summary: none, setup, summarizing, complete; failed on error. */
export const AiSummaryStatus = {
  NONE: 'none',
  SETUP: 'setup',
  SUMMARIZING: 'summarizing',
  COMPLETE: 'complete',
  FAILED: 'failed',
} as const
export type AiSummaryStatus = (typeof AiSummaryStatus)[keyof typeof AiSummaryStatus]

/** Format of a new summary. */
export const DEFAULT_AI_SUMMARY_FORMAT: AiSummaryFormat = AiSummaryFormat.MARKDOWN
/** Length of a new summary (the Summarizer API's default). */
export const DEFAULT_AI_SUMMARY_LENGTH: AiSummaryLength = AiSummaryLength.MEDIUM
/** Type of a new summary (the Summarizer API's default). */
export const DEFAULT_AI_SUMMARY_TYPE: AiSummaryType = AiSummaryType.KEY_POINTS
/** Status of a summary that was not started. */
export const DEFAULT_AI_SUMMARY_STATUS: AiSummaryStatus = AiSummaryStatus.NONE

/** Validates a summary length (spec: must be short, medium or long). */
export const AiSummaryLengthSchema = z.enum(AiSummaryLength)

/** Validates an AI summary; format, length, type and status take their defaults when missing. */
export const AiSummarySchema = z.looseObject({
  text: z.string(),
  createdAt: EpochMillisSchema,
  format: z.enum(AiSummaryFormat).default(DEFAULT_AI_SUMMARY_FORMAT),
  length: AiSummaryLengthSchema.default(DEFAULT_AI_SUMMARY_LENGTH),
  type: z.enum(AiSummaryType).default(DEFAULT_AI_SUMMARY_TYPE),
  status: z.enum(AiSummaryStatus).default(DEFAULT_AI_SUMMARY_STATUS),
})
export type AiSummary = z.infer<typeof AiSummarySchema>
/** What `createAiSummary` accepts: any summary field. */
export type AiSummaryInit = Partial<z.input<typeof AiSummarySchema>>

/** A summary not yet started (empty text, status none), created at `now`, with overrides. */
export function createAiSummary(overrides: AiSummaryInit, now: number): AiSummary {
  return AiSummarySchema.parse({ text: '', createdAt: now, ...withoutUndefined(overrides) })
}

/** The label shown for a summary type, e.g. 'TL;DR'. */
export function aiSummaryTypeLabel(type: AiSummaryType): string {
  return AI_SUMMARY_TYPE_LABELS[type]
}

/** Whether a value is a valid summary length (short, medium or long). */
export function isAiSummaryLength(value: unknown): value is AiSummaryLength {
  return AiSummaryLengthSchema.safeParse(value).success
}

/** Whether a summary may be saved to its bookmark: only a complete one is. */
export function isSavableAiSummary(summary: AiSummary): boolean {
  return summary.status === AiSummaryStatus.COMPLETE
}
