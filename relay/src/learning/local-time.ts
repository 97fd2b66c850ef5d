// Wall-clock time in a user's IANA time zone (the `wh-timezone` header their clients send), through
// Intl so daylight saving time is the platform's: the reminder hour is local, whatever the offset
// on that day.

/** Header values longer than this, or with other characters, are no time zone name. */
const MAX_TIME_ZONE_LENGTH = 64
const TIME_ZONE_NAME = /^[A-Za-z0-9_+\-/]+$/

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Whether `name` is a time zone this runtime knows (IANA name or 'UTC'). */
export function isKnownTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > MAX_TIME_ZONE_LENGTH || !TIME_ZONE_NAME.test(name)) {
    return false
  }
  try {
    formatterFor(name)
    return true
  } catch {
    return false
  }
}

/** The local calendar day (YYYY-MM-DD) and hour (0-23) of `time` in `timeZone`. */
export function localTime(time: number, timeZone: string): { day: string; hour: number } {
  const parts = formatterFor(timeZone).formatToParts(time)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? ''
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) }
}
