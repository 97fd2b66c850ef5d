const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** A date as the reader's locale writes it, e.g. 'Mar 15, 2024'. */
export function formatDate(timestamp: number): string {
  return Number.isFinite(timestamp) ? DATE_FORMAT.format(new Date(timestamp)) : ''
}
