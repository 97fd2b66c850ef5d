// Finds a stored quote in a page's text, pure strings in and offsets out (the split Hypothesis
// makes in match-quote.ts). Places near the stored position come first, since a look-alike far
// away (a reference list, a table) may score as well as the real place: the quote at the position;
// an exact occurrence near it; the text at the position if it still says the quote give or take
// whitespace; the quote with its whitespace taken loosely near it (a run of whitespace is one space,
// and a space may stand where the page breaks a line with no character: a `<br>` or a block
// boundary, as a writer reading the rendered page sees it, Hypothesis among them); approximate
// matching near it (fuzzy-candidates.ts); then exact, loose, then approximate matching in the whole
// text. Every candidate is scored with its context and refused below
// MIN_ANCHOR_SCORE. The matcher is a generator that yields between pieces of work, so that a caller
// can spread a page's worth of anchoring over several tasks; `matchQuote` runs it in one go.
import { fuzzyCandidates, placeCandidate, type Candidate } from './fuzzy-candidates'
import { MIN_ANCHOR_SCORE, scoreCandidate, type QuoteContext } from './quote-score'

/** How a quote was found. */
export type MatchMethod = 'exact-near-position' | 'exact' | 'position' | 'whitespace' | 'fuzzy'

/** Where a quote was found, how, and how well. */
export interface QuoteMatch {
  start: number
  end: number
  method: MatchMethod
  /** Score in [0, 1] (see quote-score.ts); exact matches with their context score 1. */
  score: number
  /** Edits between the quote and the matched text (0 for exact matches). */
  errors: number
}

/** The stored context and where the quote is expected. */
export interface MatchOptions extends QuoteContext {
  /** Expected start offsets, most trusted first (text position, then highlightSource). */
  hints?: readonly number[]
  /** Refuse matches scoring below this (default MIN_ANCHOR_SCORE). */
  minScore?: number
  /** Offsets of the text where a line or block breaks (TextIndex.breaks), ascending. */
  breaks?: readonly number[]
}

/** Exact occurrences scored at most (a very common short quote stops here). */
const MAX_EXACT_CANDIDATES = 2_000
/** Approximate candidates scored at most. */
const MAX_FUZZY_CANDIDATES = 64
/** Allowed edits per quote character for approximate matching. */
const MAX_ERROR_RATE = 1 / 3
/** Allowed edits at most, whatever the quote's length. */
const MAX_ERRORS = 256
/** Characters searched on each side of the expected place before the whole text. */
const MIN_WINDOW_SLACK = 2_000
/** Scores this close count as a tie, which the candidate nearest a hint wins. */
const SCORE_TIE = 0.01

/** Distance from `start` to the nearest hint (0 when there are none). */
function distanceToHints(start: number, hints: readonly number[]): number {
  let best = hints.length === 0 ? 0 : Infinity
  for (const hint of hints) {
    best = Math.min(best, Math.abs(start - hint))
  }
  return best
}

/** Candidates scored between two yields. */
const CANDIDATES_PER_STEP = 8

/** The best-scoring candidate (nearest a hint on ties) if it reaches the minimum score. */
function* pickBest(
  text: string,
  quote: string,
  candidates: readonly Candidate[],
  options: MatchOptions,
  method: MatchMethod,
): Generator<void, QuoteMatch | null> {
  const hints = options.hints ?? []
  let best: QuoteMatch | null = null
  let bestDistance = Infinity
  for (const [position, candidate] of candidates.entries()) {
    if (position > 0 && position % CANDIDATES_PER_STEP === 0) {
      yield
    }
    const score = scoreCandidate(
      text,
      candidate.start,
      candidate.end,
      candidate.errors,
      quote.length,
      options,
    )
    const distance = distanceToHints(candidate.start, hints)
    const isTie = best !== null && Math.abs(score - best.score) <= SCORE_TIE
    if (best === null || (isTie ? distance < bestDistance : score > best.score)) {
      best = { ...candidate, method, score }
      bestDistance = distance
    }
  }
  return best !== null && best.score >= (options.minScore ?? MIN_ANCHOR_SCORE) ? best : null
}

/** Every exact occurrence of `quote` in `text` (up to a cap). */
function exactCandidates(text: string, quote: string): Candidate[] {
  const candidates: Candidate[] = []
  let at = text.indexOf(quote)
  while (at !== -1 && candidates.length < MAX_EXACT_CANDIDATES) {
    candidates.push({ start: at, end: at + quote.length, errors: 0 })
    at = text.indexOf(quote, at + 1)
  }
  return candidates
}

function isWhitespace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160
}

/**
 * The end of the text at `start` that equals `quote` when runs of whitespace are taken as one
 * space (-1 when it does not). Catches a page that re-rendered with other line breaks or indents.
 */
export function matchIgnoringWhitespace(text: string, start: number, quote: string): number {
  let t = start
  let q = 0
  while (q < quote.length) {
    const quoteSpace = isWhitespace(quote.charCodeAt(q))
    const textSpace = t < text.length && isWhitespace(text.charCodeAt(t))
    if (quoteSpace || textSpace) {
      if (!(quoteSpace && textSpace)) {
        return -1
      }
      while (q < quote.length && isWhitespace(quote.charCodeAt(q))) {
        q += 1
      }
      while (t < text.length && isWhitespace(text.charCodeAt(t))) {
        t += 1
      }
    } else if (t < text.length && text.charCodeAt(t) === quote.charCodeAt(q)) {
      t += 1
      q += 1
    } else {
      return -1
    }
  }
  return t
}

/** A text with its whitespace collapsed and its breaks spelled as spaces, mapped to the original. */
interface LooseText {
  text: string
  /** Original offset where each character of `text` starts, and where it ends. */
  starts: number[]
  ends: number[]
}

let cachedLoose: { text: string; breaks: readonly number[]; loose: LooseText } | null = null

/**
 * `text` with each run of whitespace as one space and a space at each break that has no whitespace
 * next to it, so that a quote written from the rendered page finds its place.
 */
export function looseText(text: string, breaks: readonly number[]): LooseText {
  if (cachedLoose === null || cachedLoose.text !== text || cachedLoose.breaks !== breaks) {
    cachedLoose = { text, breaks, loose: buildLooseText(text, breaks) }
  }
  return cachedLoose.loose
}

function buildLooseText(text: string, breaks: readonly number[]): LooseText {
  const chars: string[] = []
  const starts: number[] = []
  const ends: number[] = []
  let nextBreak = 0
  let at = 0
  while (at < text.length) {
    if (isWhitespace(text.charCodeAt(at))) {
      let end = at
      while (end < text.length && isWhitespace(text.charCodeAt(end))) {
        end += 1
      }
      chars.push(' ')
      starts.push(at)
      ends.push(end)
      at = end
      continue
    }
    while (nextBreak < breaks.length && breaks[nextBreak]! < at) {
      nextBreak += 1
    }
    if (breaks[nextBreak] === at && chars.length > 0 && chars.at(-1) !== ' ') {
      chars.push(' ')
      starts.push(at)
      ends.push(at)
    }
    chars.push(text[at]!)
    starts.push(at)
    ends.push(at + 1)
    at += 1
  }
  return { text: chars.join(''), starts, ends }
}

/** The places of `quote` in `text` with whitespace and breaks taken loosely (see looseText). */
function looseCandidates(text: string, quote: string, breaks: readonly number[]): Candidate[] {
  const wanted = buildLooseText(quote, []).text.replace(/^ | $/g, '')
  if (wanted === '') {
    return []
  }
  const loose = looseText(text, breaks)
  const candidates: Candidate[] = []
  let at = loose.text.indexOf(wanted)
  while (at !== -1 && candidates.length < MAX_EXACT_CANDIDATES) {
    candidates.push({
      start: loose.starts[at]!,
      end: loose.ends[at + wanted.length - 1]!,
      errors: 0,
    })
    at = loose.text.indexOf(wanted, at + 1)
  }
  return candidates
}

/** The fuzzy candidates with the fewest edits first, at most MAX_FUZZY_CANDIDATES. */
function fewestErrorsFirst(candidates: Candidate[]): Candidate[] {
  return candidates.sort((a, b) => a.errors - b.errors).slice(0, MAX_FUZZY_CANDIDATES)
}

/** Finds `quote` in `text`, yielding between pieces of work; null when no place scores enough. */
export function* matchQuoteSteps(
  text: string,
  quote: string,
  options: MatchOptions = {},
): Generator<void, QuoteMatch | null> {
  if (quote.length === 0) {
    return null
  }
  const hints = (options.hints ?? []).filter((hint) => hint >= 0 && hint <= text.length)
  const scoped = { ...options, hints }
  // Unchanged page: the quote is where it was.
  for (const hint of hints) {
    if (text.startsWith(quote, hint)) {
      const match = yield* pickBest(
        text,
        quote,
        [{ start: hint, end: hint + quote.length, errors: 0 }],
        scoped,
        'exact-near-position',
      )
      if (match !== null) {
        return match
      }
    }
  }
  const slack = Math.max(MIN_WINDOW_SLACK, 2 * quote.length)
  const hint = hints[0]
  const isNear = (candidate: Candidate) =>
    hints.length > 0 && distanceToHints(candidate.start, hints) <= slack
  const exact = exactCandidates(text, quote)
  const exactNear = yield* pickBest(
    text,
    quote,
    exact.filter(isNear),
    scoped,
    'exact-near-position',
  )
  if (exactNear !== null) {
    return exactNear
  }
  for (const hint of hints) {
    const end = matchIgnoringWhitespace(text, hint, quote)
    if (end >= 0) {
      const match = yield* pickBest(
        text,
        quote,
        [{ start: hint, end, errors: 0 }],
        scoped,
        'position',
      )
      if (match !== null) {
        return match
      }
    }
  }
  const loose = looseCandidates(text, quote, options.breaks ?? [])
  const looseNear = yield* pickBest(text, quote, loose.filter(isNear), scoped, 'whitespace')
  if (looseNear !== null) {
    return looseNear
  }
  const maxErrors = Math.min(MAX_ERRORS, Math.ceil(quote.length * MAX_ERROR_RATE))
  if (hint !== undefined && maxErrors > 0) {
    const from = Math.max(0, hint - slack)
    const to = Math.min(text.length, hint + quote.length + slack)
    const near = yield* fuzzyCandidates(text, quote, from, to, maxErrors, true)
    const placed = fewestErrorsFirst(near).map((candidate) =>
      placeCandidate(text, quote, candidate, options),
    )
    const match = yield* pickBest(text, quote, placed, scoped, 'fuzzy')
    if (match !== null) {
      return match
    }
    yield
  }
  const exactFar = yield* pickBest(
    text,
    quote,
    exact.filter((candidate) => !isNear(candidate)),
    scoped,
    'exact',
  )
  if (exactFar !== null) {
    return exactFar
  }
  const looseFar = yield* pickBest(
    text,
    quote,
    loose.filter((candidate) => !isNear(candidate)),
    scoped,
    'whitespace',
  )
  if (looseFar !== null || maxErrors === 0) {
    return looseFar
  }
  const anywhere = yield* fuzzyCandidates(text, quote, 0, text.length, maxErrors, false)
  const placed = fewestErrorsFirst(anywhere).map((candidate) =>
    placeCandidate(text, quote, candidate, options),
  )
  return yield* pickBest(text, quote, placed, scoped, 'fuzzy')
}

/** Finds `quote` in `text` in one go; null when no place scores enough. */
export function matchQuote(
  text: string,
  quote: string,
  options: MatchOptions = {},
): QuoteMatch | null {
  const steps = matchQuoteSteps(text, quote, options)
  let step = steps.next()
  while (step.done !== true) {
    step = steps.next()
  }
  return step.value
}
