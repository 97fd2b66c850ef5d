// A YouTube video's transcript: timed text segments plus the languages the video offers. Stored on
// the page content of a video page so the transcript reader and AI features work offline.
import { z } from 'zod'

/** One timed piece of a transcript; offset and duration are as the transcript source gives them. */
export const TranscriptSegmentSchema = z.looseObject({
  text: z.string(),
  duration: z.number().nonnegative(),
  offset: z.number().nonnegative(),
})
export type TranscriptSegment = z.infer<typeof TranscriptSegmentSchema>

/** Validates a transcript: the video url, its segments and the available language codes. */
export const TranscriptSchema = z.looseObject({
  url: z.string(),
  transcripts: z.array(TranscriptSegmentSchema).default(() => []),
  availableLanguages: z.array(z.string()).default(() => []),
})
export type Transcript = z.infer<typeof TranscriptSchema>
/** What `createTranscript` accepts: the url plus any transcript field. */
export type TranscriptInit = Pick<z.input<typeof TranscriptSchema>, 'url'> &
  Partial<z.input<typeof TranscriptSchema>>

/** A transcript for a video url (no segments, no languages unless given). */
export function createTranscript(fields: TranscriptInit): Transcript {
  return TranscriptSchema.parse(fields)
}

/** The whole transcript as one text, segments joined by spaces. */
export function transcriptText(transcript: Transcript): string {
  return transcript.transcripts
    .map((segment) => segment.text.trim())
    .filter((text) => text !== '')
    .join(' ')
}
