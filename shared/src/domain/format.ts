// Display formatting shared by the apps: byte sizes (spec section 9: base 1000, units B to TB),
// the date groups of bookmark lists (Today, Yesterday, Last 7 days, This month, month names) and
// toast durations. Pure: the clock and the time zone come in as parameters.

/** Default time a toast stays visible. */
export const TOAST_DURATION_MS = 5000
/** Time a long notice stays visible. */
export const LONG_TOAST_DURATION_MS = 10000

/** Step between byte units (decimal, not binary). */
export const BYTES_BASE = 1000
/** Byte units from smallest to largest; sizes beyond TB stay in TB. */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const
/** Fraction digits shown by default; trailing zeros are always dropped. */
export const DEFAULT_BYTES_DECIMALS = 2
/** Most fraction digits `formatBytes` accepts. */
export const MAX_BYTES_DECIMALS = 20

/** Labels of the date groups; older items are grouped by month name. */
export const DATE_GROUP = {
  TODAY: 'Today',
  YESTERDAY: 'Yesterday',
  LAST_7_DAYS: 'Last 7 days',
  THIS_MONTH: 'This month',
} as const
export type DateGroup = (typeof DATE_GROUP)[keyof typeof DATE_GROUP]

/** Calendar days, today included, covered by the 'Last 7 days' group. */
export const LAST_DAYS_GROUP_SPAN = 7
/** English month names used as labels of older groups. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

const MS_PER_MINUTE = 60_000
const MS_PER_DAY = 86_400_000

/** Size in base 1000 (e.g. '1.5 MB'); negatives keep their sign, NaN shows '0 B', Infinity '∞'. */
export function formatBytes(bytes: number, decimals: number = DEFAULT_BYTES_DECIMALS): string {
  if (Number.isNaN(bytes)) {
    return `0 ${BYTE_UNITS[0]}`
  }
  if (!Number.isFinite(bytes)) {
    return bytes > 0 ? '∞' : '-∞'
  }
  const digits = Number.isFinite(decimals)
    ? Math.min(MAX_BYTES_DECIMALS, Math.max(0, Math.floor(decimals)))
    : DEFAULT_BYTES_DECIMALS
  const sign = bytes < 0 ? '-' : ''
  let value = Math.abs(bytes)
  let unit = 0
  while (value >= BYTES_BASE && unit < BYTE_UNITS.length - 1) {
    value /= BYTES_BASE
    unit += 1
  }
  let rounded = Number(value.toFixed(digits))
  // 999 999 B rounds to 1000 KB: show it as 1 MB instead.
  if (rounded >= BYTES_BASE && unit < BYTE_UNITS.length - 1) {
    unit += 1
    rounded = Number((rounded / BYTES_BASE).toFixed(digits))
  }
  return `${rounded === 0 ? '' : sign}${String(rounded)} ${BYTE_UNITS[unit] ?? 'TB'}`
}

/**
 * Date group of `timestamp` seen at `now`, by calendar days in the zone `timeZoneOffsetMinutes`
 * east of UTC (local = UTC + offset). Future dates count as Today; older months get their name,
 * with the year when it is not the current one (e.g. 'October 2025').
 */
export function dateGroupLabel(
  timestamp: number,
  now: number,
  timeZoneOffsetMinutes: number = 0,
): string {
  if (!Number.isFinite(timestamp) || !Number.isFinite(now)) {
    throw new RangeError('dateGroupLabel needs finite timestamps')
  }
  const offsetMs =
    (Number.isFinite(timeZoneOffsetMinutes) ? timeZoneOffsetMinutes : 0) * MS_PER_MINUTE
  const daysAgo = dayNumber(now + offsetMs) - dayNumber(timestamp + offsetMs)
  if (daysAgo <= 0) {
    return DATE_GROUP.TODAY
  }
  if (daysAgo === 1) {
    return DATE_GROUP.YESTERDAY
  }
  if (daysAgo < LAST_DAYS_GROUP_SPAN) {
    return DATE_GROUP.LAST_7_DAYS
  }
  // Dates shifted by the offset: their UTC fields hold the local wall-clock time.
  const local = new Date(timestamp + offsetMs)
  const localNow = new Date(now + offsetMs)
  const year = local.getUTCFullYear()
  const month = MONTH_NAMES[local.getUTCMonth()] ?? MONTH_NAMES[0]
  if (year !== localNow.getUTCFullYear()) {
    return `${month} ${String(year)}`
  }
  if (local.getUTCMonth() === localNow.getUTCMonth()) {
    return DATE_GROUP.THIS_MONTH
  }
  return month
}

// Calendar days since the epoch of a time already shifted to local wall-clock time.
function dayNumber(localMs: number): number {
  return Math.floor(localMs / MS_PER_DAY)
}
