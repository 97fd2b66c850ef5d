// Splits a text into the parts a search matched and the rest, so that a result can show its
// matches in <mark> elements built by React from text (never as HTML: the text is page content).
import { foldForSearch, wordSpans } from './normalize'

/** A run of a text, matched by the search or not. */
export interface MatchSegment {
  text: string
  match: boolean
}

/**
 * The segments of `text`, a word being a match when one of its forms starts with one of `terms`
 * (the hit's terms, or the words of a query: "verd" marks "verdict"). Segments keep the text as
 * it was (case, accents, apostrophes); joined together they are the text.
 */
export function markMatches(text: string, terms: readonly string[]): MatchSegment[] {
  const wanted = [...new Set(terms.map((term) => foldForSearch(term)).filter((t) => t !== ''))]
  if (text === '') {
    return []
  }
  if (wanted.length === 0) {
    return [{ text, match: false }]
  }
  const segments: MatchSegment[] = []
  let last = 0
  const push = (part: string, match: boolean) => {
    const previous = segments.at(-1)
    if (previous && previous.match === match) {
      previous.text += part
    } else if (part !== '') {
      segments.push({ text: part, match })
    }
  }
  for (const span of wordSpans(text)) {
    const matched = span.forms.some((form) => wanted.some((term) => form.startsWith(term)))
    if (matched) {
      push(text.slice(last, span.start), false)
      push(text.slice(span.start, span.end), true)
      last = span.end
    }
  }
  push(text.slice(last), false)
  return segments
}
