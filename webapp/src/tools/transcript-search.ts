// Searching within a transcript (docs/adr/075): the lines whose text holds the query (case and
// accents ignored), and a line's text cut into plain and matching parts for <mark>. Pure.

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** The indexes of the lines that hold `query` (every line for an empty query). */
export function matchingLines(lines: readonly { text: string }[], query: string): number[] {
  const wanted = fold(query.trim())
  const indexes: number[] = []
  lines.forEach((line, index) => {
    if (line.text.trim() !== '' && (wanted === '' || fold(line.text).includes(wanted))) {
      indexes.push(index)
    }
  })
  return indexes
}

/** `text` cut into parts, those equal to `query` (folded) marked. */
export function matchParts(text: string, query: string): { text: string; match: boolean }[] {
  const wanted = fold(query.trim())
  if (wanted === '') {
    return [{ text, match: false }]
  }
  const folded = fold(text)
  // Offsets in the folded text are the original's while folding keeps the length (precomposed
  // letters); a line written with separate accent marks is marked whole instead.
  if (folded.length !== text.length) {
    return [{ text, match: folded.includes(wanted) }]
  }
  const parts: { text: string; match: boolean }[] = []
  let from = 0
  for (let at = folded.indexOf(wanted); at >= 0; at = folded.indexOf(wanted, at + wanted.length)) {
    if (at > from) {
      parts.push({ text: text.slice(from, at), match: false })
    }
    parts.push({ text: text.slice(at, at + wanted.length), match: true })
    from = at + wanted.length
  }
  if (from < text.length) {
    parts.push({ text: text.slice(from), match: false })
  }
  return parts
}

/**
 * The shown lines a selection from `first` to `last` covers, as runs of lines that follow one
 * another on screen with nothing hidden between them (blank lines aside): with a search on, a
 * selection across two shown lines must not highlight the hidden lines between them.
 */
export function shownRuns(
  lines: readonly { text: string }[],
  shown: readonly number[],
  first: number,
  last: number,
): { first: number; last: number }[] {
  const runs: { first: number; last: number }[] = []
  for (const index of shown) {
    if (index < first || index > last) {
      continue
    }
    const run = runs.at(-1)
    const hiddenBetween =
      run !== undefined && lines.slice(run.last + 1, index).some((line) => line.text.trim() !== '')
    if (run === undefined || hiddenBetween) {
      runs.push({ first: index, last: index })
    } else {
      run.last = index
    }
  }
  return runs
}
