// Between the library's marks and the viewer core's: a mark made in the web app's viewer has the
// extension viewer's shape (the PDF bookmark's url, origin and title, the selected text, and the
// selector as the spec's highlightSource, see @inkmark/shared/pdf), so either app shows it.
import {
  ObjectStore,
  createMark,
  hasMarkNotes,
  toHexColor,
  type Bookmark,
  type Mark,
} from '@inkmark/shared'
import {
  pdfSelectorFromHighlightSource,
  pdfSelectorToHighlightSource,
  type PdfMark,
  type PdfSelection,
} from '@inkmark/shared/pdf'
import { displayColor } from '../lib/display-color'

/** The viewer's form of the marks that are PDF text highlights; others are left out. */
export function toPdfMarks(marks: readonly Mark[]): PdfMark[] {
  return marks.flatMap((mark) => {
    const selector = pdfSelectorFromHighlightSource(mark.highlightSource)
    return selector === null
      ? []
      : [
          {
            id: mark._id,
            // Stored colours come from sync and imports: only a hex colour reaches a style.
            color: displayColor(mark.color),
            selector,
            hasNotes: hasMarkNotes(mark),
            hasTags: mark.tags.length > 0,
          },
        ]
  })
}

/** A new mark of `bookmark` for the selected text, in `color`. */
export function createPdfTextMark(
  bookmark: Bookmark,
  selection: Pick<PdfSelection, 'selector' | 'text'>,
  color: string,
  id: string,
  now: number,
): Mark {
  return createMark(
    {
      _id: id,
      _objectStore: ObjectStore.MARKS,
      _bookmark: bookmark._id,
      url: bookmark.url,
      origin: bookmark.origin,
      title: bookmark.title,
      text: selection.text,
      color: toHexColor(color) ?? color,
      highlightSource: pdfSelectorToHighlightSource(selection.selector),
    },
    now,
  )
}
