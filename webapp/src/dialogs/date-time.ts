// The datetimepicker's values: epoch millis to and from the `datetime-local` input's text (the
// browser's local time, minutes), the quick choices it offers, and the check of a chosen moment
// (a reminder must lie ahead, and within a year). Every function takes `now`, so tests and the
// test clock decide the time.

/** A chosen moment may lie at most this far ahead. */
export const MAX_AHEAD_MILLIS = 366 * 24 * 60 * 60 * 1000

const pad = (value: number) => String(value).padStart(2, '0')

/** The `datetime-local` text of `millis` in local time, to the minute. */
export function toDateTimeLocalValue(millis: number): string {
  const date = new Date(millis)
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`
}

/** The epoch millis of a `datetime-local` text (local time), or undefined when it is not one. */
export function parseDateTimeLocal(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim())
  if (!match) {
    return undefined
  }
  const [year, month, day, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => Number(part ?? 0))
  const date = new Date(year!, month! - 1, day, hours, minutes, seconds)
  // new Date rolls 31 February over into March: such a text is not a date.
  if (date.getMonth() !== month! - 1 || date.getDate() !== day! || date.getHours() !== hours!) {
    return undefined
  }
  return date.getTime()
}

/** Why `value` cannot be chosen at `now`, or undefined when it can. */
export function dateTimeProblem(value: string, now: number): string | undefined {
  if (value.trim() === '') {
    return 'Choose a date and a time.'
  }
  const millis = parseDateTimeLocal(value)
  if (millis === undefined) {
    return 'That is not a date and time. Use the form day, month, year, hours and minutes.'
  }
  if (millis <= now) {
    return 'Choose a moment in the future.'
  }
  if (millis - now > MAX_AHEAD_MILLIS) {
    return 'Choose a moment within the next year.'
  }
  return undefined
}

/** The quick choices: in an hour, tomorrow at 9:00 and in a week (same time), local time. */
export function quickChoices(now: number): { label: string; millis: number }[] {
  const tomorrow = new Date(now)
  tomorrow.setDate(tomorrow.getDate() + 1)
  tomorrow.setHours(9, 0, 0, 0)
  const inAWeek = new Date(now)
  inAWeek.setDate(inAWeek.getDate() + 7)
  inAWeek.setSeconds(0, 0)
  const inAnHour = new Date(now + 60 * 60 * 1000)
  inAnHour.setSeconds(0, 0)
  return [
    { label: 'In an hour', millis: inAnHour.getTime() },
    { label: 'Tomorrow at 9:00', millis: tomorrow.getTime() },
    { label: 'In a week', millis: inAWeek.getTime() },
  ]
}
