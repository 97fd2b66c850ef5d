// Time on a transcript: the timestamp shown beside each line and which line is playing, for the
// panel's autoscroll and its "now playing" mark. Cues overlap in YouTube's auto-generated tracks
// (a cue often lasts past the next one's start), so "playing" is the last line that has started.
import type { TranscriptLine } from './transcript-xml'

/** A time in seconds as a video timestamp: `0:03`, `12:05`, `1:02:03` (rounded down to seconds). */
export function formatTimestamp(totalSeconds: number): string {
  const whole = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const secs = String(whole % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`
}

/** A timestamp read aloud, e.g. `1 minute 5 seconds`, for accessible names. */
export function spokenTimestamp(totalSeconds: number): string {
  const whole = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0
  const parts: [number, string][] = [
    [Math.floor(whole / 3600), 'hour'],
    [Math.floor((whole % 3600) / 60), 'minute'],
    [whole % 60, 'second'],
  ]
  const spoken = parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`)
  return spoken.length > 0 ? spoken.join(' ') : '0 seconds'
}

/**
 * The index of the line playing at `time` seconds: the last line whose offset is at or before it
 * (lines in offset order), or -1 before the first line. Binary search: called on every timeupdate.
 */
export function activeLineIndex(
  lines: readonly Pick<TranscriptLine, 'offset'>[],
  time: number,
): number {
  let low = 0
  let high = lines.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (lines[middle]!.offset <= time) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}
