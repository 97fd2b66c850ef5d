// Between the library's marks and the viewer core's: a mark made in the web app's viewer has the
// extension viewer's shape (the PDF bookmark's url, origin and title, the selected text, and the
// selector as the spec's highlightSource, see @inkmark/shared/pdf), so either app shows it.
import {
  HIGHLIGHT_PALETTE,
  ObjectStore,
  SOFT_HIGHLIGHT_PALETTE,
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

const COLOR_NAMES: Record<string, string> = {
  '#fdffb4': 'yellow',
  '#f8b6a8': 'red',
  '#a7e8c8': 'green',
  '#f7c2d6': 'pink',
  '#c3bbec': 'purple',
  '#c3effc': 'blue',
  '#f8fc46': 'bright yellow',
  '#ffad2a': 'orange',
  '#92ffaa': 'bright green',
  '#fb83b3': 'bright pink',
  '#9d64e2': 'violet',
  '#3cbefc': 'bright blue',
}

/** The spoken name of a highlight colour ('yellow'), the hex value for others. */
export function colorName(color: string): string {
  return COLOR_NAMES[color.toLowerCase()] ?? color
}

const MAX_SWATCHES = { BASIC: 10, EXPERT: 16 } as const

/**
 * The colours offered for a new highlight, as in the extension's marker popup: the soft palette
 * (the default first), in Advanced mode the strong palette, then the recent colours.
 */
export function swatchColors(recent: readonly string[], mode: 'BASIC' | 'EXPERT'): string[] {
  const colors: string[] = [...SOFT_HIGHLIGHT_PALETTE]
  const more = mode === 'EXPERT' ? [...HIGHLIGHT_PALETTE, ...recent] : recent
  for (const color of more) {
    const hex = toHexColor(color)
    if (hex !== null && !colors.includes(hex)) {
      colors.push(hex)
    }
  }
  return colors.slice(0, MAX_SWATCHES[mode])
}
