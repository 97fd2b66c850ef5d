// How a highlighted transcript line is stored: as an ordinary mark on the video's bookmark, whose
// highlightSource names the transcript instead of a page element (parentTagName TRANSCRIPT, the
// line indexes as parentIndex) and carries a `youtube` part with the video id, the language and the
// time span. The panel finds a mark's lines again by time, not by index, so a highlight survives a
// re-cut transcript. See docs/adr/016-youtube.md. Pure and zod-free: content scripts import it.

/** The parentTagName of a transcript highlight's start and end (no page element has this name). */
export const TRANSCRIPT_PARENT_TAG = 'TRANSCRIPT'

/** The `youtube` part of a transcript highlight's highlightSource. */
export interface TranscriptSpan {
  /** The video's 11-character id. */
  videoId: string
  /** The caption track's language code the lines were highlighted in. */
  languageCode: string
  /** Start of the first highlighted line, in seconds: where clicking the highlight seeks to. */
  offset: number
  /** From the first line's start to the last line's end, in seconds. */
  duration: number
  /** Start of the last highlighted line, in seconds (the span of lines shown highlighted). */
  lastLineOffset: number
}

/** What the panel knows of one transcript highlight. */
export interface TranscriptHighlight extends TranscriptSpan {
  _id: string
  color: string
  text: string
}

/** How far apart two offsets may be and still be the same line (float noise in stored seconds). */
export const OFFSET_TOLERANCE_SECONDS = 0.0005

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

/** The transcript span of a mark's highlightSource, or `null` when it is not a transcript highlight. */
export function transcriptSpanOf(highlightSource: unknown): TranscriptSpan | null {
  if (!isObject(highlightSource) || !isObject(highlightSource.startMeta)) {
    return null
  }
  if (highlightSource.startMeta.parentTagName !== TRANSCRIPT_PARENT_TAG) {
    return null
  }
  const span = highlightSource.youtube
  if (
    !isObject(span) ||
    typeof span.videoId !== 'string' ||
    typeof span.languageCode !== 'string' ||
    !isSeconds(span.offset) ||
    !isSeconds(span.duration) ||
    !isSeconds(span.lastLineOffset)
  ) {
    return null
  }
  return {
    videoId: span.videoId,
    languageCode: span.languageCode,
    offset: span.offset,
    duration: span.duration,
    lastLineOffset: span.lastLineOffset,
  }
}

/** Whether a mark (anything with a highlightSource) is a transcript highlight. */
export function isTranscriptMark(mark: { highlightSource?: unknown }): boolean {
  return transcriptSpanOf(mark.highlightSource) !== null
}

/** A line of the transcript as the highlight code needs it. */
export interface SpanLine {
  text: string
  offset: number
  duration: number
}

/**
 * The highlightSource of a highlight over `selected` lines, the first of which is line `firstIndex`
 * of the transcript: the spec's shape (startMeta, endMeta, text) plus the `youtube` span.
 */
export function transcriptHighlightSource(
  selected: readonly SpanLine[],
  firstIndex: number,
  videoId: string,
  languageCode: string,
): { startMeta: Meta; endMeta: Meta; text: string; youtube: TranscriptSpan } {
  const start = selected[0]
  const end = selected.at(-1)
  if (start === undefined || end === undefined || !Number.isInteger(firstIndex) || firstIndex < 0) {
    throw new RangeError('No transcript lines to highlight')
  }
  const lastIndex = firstIndex + selected.length - 1
  return {
    startMeta: { parentTagName: TRANSCRIPT_PARENT_TAG, parentIndex: firstIndex, textOffset: 0 },
    endMeta: {
      parentTagName: TRANSCRIPT_PARENT_TAG,
      parentIndex: lastIndex,
      textOffset: end.text.length,
    },
    text: selected.map((line) => line.text).join(' '),
    youtube: {
      videoId,
      languageCode,
      offset: start.offset,
      duration: Math.max(0, end.offset + end.duration - start.offset),
      lastLineOffset: end.offset,
    },
  }
}

/** One end of a transcript highlight, in the spec's highlightSource meta shape. */
type Meta = { parentTagName: string; parentIndex: number; textOffset: number }

/** The highlight a line shows, if any: the first whose span of line starts holds the line's offset. */
export function highlightOfLine<T extends Pick<TranscriptSpan, 'offset' | 'lastLineOffset'>>(
  highlights: readonly T[],
  lineOffset: number,
): T | undefined {
  return highlights.find(
    (highlight) =>
      lineOffset >= highlight.offset - OFFSET_TOLERANCE_SECONDS &&
      lineOffset <= highlight.lastLineOffset + OFFSET_TOLERANCE_SECONDS,
  )
}
