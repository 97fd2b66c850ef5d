// The "5% of the text changed" half of the anchoring benchmark, as pure string work: which words
// of the page text a seeded run replaces, where an offset of the old text lies in the new one, and
// whether a highlight re-anchored at the right place ("equal, or within the edit of the original").
import { createSeededRandom } from '@inkmark/shared/testing'

/** One replaced word: [start, end) of the old text becomes `replacement`. */
export interface TextEdit {
  start: number
  end: number
  replacement: string
}

/** Characters around a highlight boundary within which an edit may move that boundary. */
const BOUNDARY_REACH = 20

const WORD = /[\p{L}\p{N}]+/gu

/**
 * Seeded word replacements over `share` of the words of `text`, sorted. A word never spans one of
 * `breaks` (offsets where a DOM text node starts), so each edit changes a single text node. Each
 * replacement is another word of the page, never the same one.
 */
export function chooseWordEdits(
  text: string,
  breaks: readonly number[],
  seed: number,
  share: number,
): { edits: TextEdit[]; wordsTotal: number } {
  const random = createSeededRandom(seed)
  const breakSet = new Set(breaks)
  const words: { start: number; end: number }[] = []
  for (const match of text.matchAll(WORD)) {
    const start = match.index
    const end = start + match[0].length
    let crosses = false
    for (let at = start + 1; at < end && !crosses; at += 1) {
      crosses = breakSet.has(at)
    }
    if (!crosses) {
      words.push({ start, end })
    }
  }
  const wanted = Math.round(words.length * share)
  const chosen = new Set<number>()
  while (chosen.size < wanted && chosen.size < words.length) {
    chosen.add(random.int(0, words.length - 1))
  }
  const edits = [...chosen]
    .sort((a, b) => a - b)
    .map((position) => {
      const word = words[position]!
      const original = text.slice(word.start, word.end)
      let replacement = original
      while (replacement === original) {
        const other = words[random.int(0, words.length - 1)]!
        replacement = text.slice(other.start, other.end)
      }
      return { ...word, replacement }
    })
  return { edits, wordsTotal: words.length }
}

/** `text` with `edits` applied. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const pieces: string[] = []
  let at = 0
  for (const edit of edits) {
    pieces.push(text.slice(at, edit.start), edit.replacement)
    at = edit.end
  }
  pieces.push(text.slice(at))
  return pieces.join('')
}

/** Where `offset` of the old text lies in the edited text (the start of an edit it falls in). */
export function mapOffset(edits: readonly TextEdit[], offset: number): number {
  let shift = 0
  for (const edit of edits) {
    if (edit.end <= offset) {
      shift += edit.replacement.length - (edit.end - edit.start)
    } else if (edit.start < offset) {
      return edit.start + shift
    } else {
      break
    }
  }
  return offset + shift
}

/** How far an edit near `offset` (old text) may move a boundary there: the edits' lengths. */
export function boundaryTolerance(edits: readonly TextEdit[], offset: number): number {
  let tolerance = 0
  for (const edit of edits) {
    if (edit.end >= offset - BOUNDARY_REACH && edit.start <= offset + BOUNDARY_REACH) {
      tolerance += Math.max(edit.end - edit.start, edit.replacement.length)
    }
  }
  return tolerance
}

/** Whether an edit falls within [start - context, end + context) of the old text. */
export function isTouched(
  edits: readonly TextEdit[],
  start: number,
  end: number,
  context: number,
): boolean {
  return edits.some((edit) => edit.end > start - context && edit.start < end + context)
}

/**
 * Whether a highlight at [start, end) of the old text, anchored at [anchoredStart, anchoredEnd)
 * of the edited text, is at the right place: each end where the old one maps to, give or take the
 * edits next to it.
 */
export function isAnchoredCorrectly(
  edits: readonly TextEdit[],
  original: { start: number; end: number },
  anchored: { start: number; end: number },
): boolean {
  const startSlack = boundaryTolerance(edits, original.start)
  const endSlack = boundaryTolerance(edits, original.end)
  return (
    Math.abs(anchored.start - mapOffset(edits, original.start)) <= startSlack &&
    Math.abs(anchored.end - mapOffset(edits, original.end)) <= endSlack
  )
}
