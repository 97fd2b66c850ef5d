// The active tab as the popup shows it: whether Inkmark highlights there, whether the page is
// saved, and its highlights in page order (the popup lists the first few).
import { sortMarks, type Mark } from '@inkmark/shared'
import { loadCurrentPage, type CurrentPage } from '../../pages/current-page'
import { callStore } from '../../pages/store-client'

/** A highlight as the popup lists it. */
export interface PopupHighlight {
  id: string
  text: string
  color: string
  hasNote: boolean
}

export type PopupPage =
  | Extract<CurrentPage, { kind: 'off' }>
  | (Extract<CurrentPage, { kind: 'page' }> & { highlights: PopupHighlight[] })

/** How many highlights the popup lists; the sidebar has them all. */
export const LISTED_HIGHLIGHTS = 4

/** The words of a highlight for the list: its text, or its image's description. */
export function highlightWords(mark: Pick<Mark, 'text' | 'imageAlt'>): string {
  const text = (mark.text ?? '').replace(/\s+/g, ' ').trim()
  if (text !== '') {
    return text
  }
  const alt = (mark.imageAlt ?? '').trim()
  return alt === '' ? 'Image' : `Image: ${alt}`
}

/** The popup's view of marks: page order, the first LISTED_HIGHLIGHTS. */
export function listedHighlights(marks: readonly Mark[]): PopupHighlight[] {
  return sortMarks(marks)
    .slice(0, LISTED_HIGHLIGHTS)
    .map((mark) => ({
      id: mark._id,
      text: highlightWords(mark),
      color: mark.color,
      hasNote: (mark.notes ?? '').trim() !== '' || (mark.richText?.length ?? 0) > 0,
    }))
}

/** Loads the active tab's page and its first highlights. */
export async function loadPopupPage(): Promise<PopupPage> {
  const page = await loadCurrentPage()
  if (page.kind === 'off') {
    return page
  }
  const marks = page.bookmark ? await callStore('getMarksForBookmark', page.bookmark._id) : []
  return { ...page, highlights: listedHighlights(marks) }
}
