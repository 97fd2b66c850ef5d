// The sidebar's filter of the page's highlights: by words (each must appear in the highlight's
// text, its note or one of its tags; case and accents ignored) and by colour. Pure, so that the
// rules are unit-tested; the page's highlights are few, so a scan is quick enough.
import { markNoteText, type Mark } from '@inkmark/shared'

export interface MarkFilter {
  /** Words typed in the filter field. */
  text: string
  /** A colour (#rrggbb) to keep only, or '' for all. */
  color: string
}

export const NO_FILTER: MarkFilter = { text: '', color: '' }

/** Lower case without accents, for matching as people type. */
export function foldText(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** Whether `filter` keeps anything out. */
export function isFiltering(filter: MarkFilter): boolean {
  return filter.text.trim() !== '' || filter.color !== ''
}

/** The marks `filter` keeps, in their order. */
export function filterMarks<M extends Mark>(marks: readonly M[], filter: MarkFilter): M[] {
  const words = foldText(filter.text).split(/\s+/).filter(Boolean)
  const color = filter.color.toLowerCase()
  return marks.filter((mark) => {
    if (color !== '' && mark.color.toLowerCase() !== color) {
      return false
    }
    if (words.length === 0) {
      return true
    }
    const haystack = foldText(
      [mark.text ?? '', mark.imageAlt ?? '', markNoteText(mark), ...mark.tags].join('\n'),
    )
    return words.every((word) => haystack.includes(word))
  })
}

/** The distinct colours of `marks`, in first-seen order (the colour filter's choices). */
export function colorsOf(marks: readonly Mark[]): string[] {
  return [...new Set(marks.map((mark) => mark.color.toLowerCase()))]
}
