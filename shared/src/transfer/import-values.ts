// Field readers shared by the importers: tag lists (spec: Pocket splits on |, Diigo on commas,
// trimmed, with no_tag dropped) and the several ways exports write a time. Imported tags keep their
// inner spaces, as the services had them; Markdown export later spells them with hyphens.

/** The tag Diigo writes for an untagged bookmark: no tag at all. */
export const DIIGO_NO_TAG = 'no_tag'

/** The tags of a field split on `separator`: trimmed, blanks and `dropped` left out, no repeats. */
export function splitTags(
  value: string,
  separator: string,
  dropped: readonly string[] = [],
): string[] {
  const tags = value
    .split(separator)
    .map((tag) => tag.trim().replace(/\s+/g, ' '))
    .filter((tag) => tag !== '' && !dropped.includes(tag))
  return [...new Set(tags)]
}

// Past these, an epoch number is in milliseconds or microseconds rather than seconds.
const MILLIS_THRESHOLD = 1e11
const MICROS_THRESHOLD = 1e14

/** Epoch seconds (or millis, or micros, told apart by size) as millis; undefined if unusable. */
export function epochToMillis(value: string | number | undefined): number | undefined {
  const number = typeof value === 'string' ? Number(value.trim()) : value
  if (number === undefined || !Number.isFinite(number) || number <= 0) {
    return undefined
  }
  if (number >= MICROS_THRESHOLD) {
    return Math.floor(number / 1000)
  }
  return number >= MILLIS_THRESHOLD ? Math.floor(number) : Math.floor(number * 1000)
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/

/**
 * A written time as epoch millis: epoch numbers, `YYYY-MM-DD[ hh:mm[:ss]][zone]` (UTC when no
 * zone is given, so that an import gives the same times on every device), or any other form
 * `Date.parse` reads; undefined if unusable.
 */
export function dateToMillis(value: string | undefined): number | undefined {
  const text = value?.trim() ?? ''
  if (text === '') {
    return undefined
  }
  if (/^\d+(\.\d+)?$/.test(text)) {
    return epochToMillis(text)
  }
  const match = DATE_TIME.exec(text)
  const localTime = match !== null && match[4] !== undefined && match[7] === undefined
  const parsed = localTime ? Date.parse(`${text.replace(' ', 'T')}Z`) : Date.parse(text)
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined
}
