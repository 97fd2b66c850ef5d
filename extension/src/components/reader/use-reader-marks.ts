// The highlights of the article's page, read from the library and read again whenever the
// library changes (a highlight made here, on the live page, or on another device).
import { marksShownOnPage, type Mark } from '@inkmark/shared'
import { callStore } from '../../pages/store-client'
import { useLibraryQuery } from '../../pages/use-library'

const NO_MARKS: readonly Mark[] = []

/** The marks of the page at `url` (none until read, or when the page has no bookmark). */
export function useReaderMarks(url: string): readonly Mark[] {
  const state = useLibraryQuery(async () => {
    const bookmark = await callStore('getBookmarkForUrl', url)
    return bookmark
      ? marksShownOnPage(await callStore('getMarksForBookmark', bookmark._id), url)
      : NO_MARKS
  }, url)
  return state.status === 'ready' ? state.value : NO_MARKS
}
