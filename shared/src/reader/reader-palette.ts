// The colours the reader offers for a new highlight: the spec's soft palette (its first colour is
// the default), each with the name a screen reader announces ("Highlight yellow").
import { SOFT_HIGHLIGHT_PALETTE, highlightColorName } from '../domain/color'

/** One colour of the reader's palette. */
export interface ReaderSwatch {
  color: string
  name: string
}

/** The reader's palette, the default colour first. */
export const READER_PALETTE: readonly ReaderSwatch[] = SOFT_HIGHLIGHT_PALETTE.map((color) => ({
  color,
  name: highlightColorName(color),
}))
