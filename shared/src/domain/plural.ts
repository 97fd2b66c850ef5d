// Counts in words, the one way the product writes them: '1 page', '3 pages', '1,521 highlights',
// never '1 pages' or '3 highlight(s)' (docs/adr/038-imports-and-words.md). English only, as every
// user-facing string is; a word whose plural is not regular passes it in.

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** The regular English plural of a noun: page -> pages, entry -> entries, match -> matches. */
export function pluralOf(singular: string): string {
  if (/[^aeiou]y$/i.test(singular)) {
    return `${singular.slice(0, -1)}ies`
  }
  if (/(s|x|z|ch|sh)$/i.test(singular)) {
    return `${singular}es`
  }
  return `${singular}s`
}

/** The noun for `count` items: the singular for exactly 1 (and -1), the plural otherwise. */
export function plural(count: number, singular: string, pluralForm?: string): string {
  return Math.abs(count) === 1 ? singular : (pluralForm ?? pluralOf(singular))
}

/** A count and its noun: '1 page', '0 pages', '1,521 pages'. */
export function countLabel(count: number, singular: string, pluralForm?: string): string {
  return `${GROUPED.format(count)} ${plural(count, singular, pluralForm)}`
}
