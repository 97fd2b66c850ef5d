// The transcript generator's formats (docs/adr/075): the timestamp shown beside each line (mm:ss,
// h:mm:ss past an hour), plain text for Copy and the .txt download, and SubRip (.srt) with one
// numbered cue per line. Pure functions over the shared Transcript's segments (seconds).
import type { TranscriptSegment } from '@inkmark/shared'

type Segment = Pick<TranscriptSegment, 'text' | 'offset' | 'duration'>

function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
}

const two = (value: number) => String(value).padStart(2, '0')

/** A line's timestamp: `00:03`, `12:05`, `1:02:03`. */
export function transcriptTimestamp(seconds: number): string {
  const whole = wholeSeconds(seconds)
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  return hours > 0
    ? `${hours}:${two(minutes)}:${two(whole % 60)}`
    : `${two(minutes)}:${two(whole % 60)}`
}

/** A SubRip time: `00:01:02,345` (milliseconds rounded). */
export function srtTimestamp(seconds: number): string {
  const millis = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0
  const hours = Math.floor(millis / 3_600_000)
  const minutes = Math.floor((millis % 3_600_000) / 60_000)
  const secs = Math.floor((millis % 60_000) / 1000)
  return `${two(hours)}:${two(minutes)}:${two(secs)},${String(millis % 1000).padStart(3, '0')}`
}

/** One line of text: SubRip and plain text keep a cue's words on one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** The transcript as plain text, one `[mm:ss] text` line per segment. */
export function transcriptToText(segments: readonly Segment[]): string {
  return segments
    .filter((segment) => oneLine(segment.text) !== '')
    .map((segment) => `[${transcriptTimestamp(segment.offset)}] ${oneLine(segment.text)}`)
    .join('\n')
}

/** The transcript as SubRip: numbered cues, start --> end, the text, a blank line between. */
export function transcriptToSrt(segments: readonly Segment[]): string {
  return segments
    .filter((segment) => oneLine(segment.text) !== '')
    .map(
      (segment, index) =>
        `${index + 1}\n${srtTimestamp(segment.offset)} --> ${srtTimestamp(
          segment.offset + segment.duration,
        )}\n${oneLine(segment.text)}\n`,
    )
    .join('\n')
}

/** A file name from a video's title: no path, control or reserved characters; at most 120. */
export function transcriptFileName(title: string, extension: 'txt' | 'srt'): string {
  const base = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .slice(0, 120)
    .trim()
  return `${base === '' ? 'Transcript' : base}.${extension}`
}
