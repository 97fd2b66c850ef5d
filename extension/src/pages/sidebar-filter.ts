// The sidebar's filter of the page's highlights: by words, with the library search's rules
// (`searchMarks`: text, note and tags; case and accents folded; a prefix on the last word), and
// by colour. The list keeps the page's order, so that it still reads top to bottom. Pure, so
// that the rules are unit-tested.
import { searchMarks, type Mark } from '@inkmark/shared'

export interface MarkFilter {
  /** Words typed in the filter field. */
  text: string
  /** A colour (#rrggbb) to keep only, or '' for all. */
  color: string
}

export const NO_FILTER: MarkFilter = { text: '', color: '' }

/** Whether `filter` keeps anything out. */
export function isFiltering(filter: MarkFilter): boolean {
  return filter.text.trim() !== '' || filter.color !== ''
}

/** The marks `filter` keeps, in their order. */
export function filterMarks<M extends Mark>(marks: readonly M[], filter: MarkFilter): M[] {
  const color = filter.color.toLowerCase()
  const ofColor =
    color === '' ? [...marks] : marks.filter((mark) => mark.color.toLowerCase() === color)
  if (filter.text.trim() === '') {
    return ofColor
  }
  const matching = new Set(searchMarks(ofColor, filter.text).map((hit) => hit.mark._id))
  return ofColor.filter((mark) => matching.has(mark._id))
}

/** The distinct colours of `marks`, in first-seen order (the colour filter's choices). */
export function colorsOf(marks: readonly Mark[]): string[] {
  return [...new Set(marks.map((mark) => mark.color.toLowerCase()))]
}
