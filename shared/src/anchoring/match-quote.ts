// Finds a stored quote in a page's text, pure strings in and offsets out (the split Hypothesis
// makes in match-quote.ts). In order: the exact quote nearest the stored position; the text at the
// stored position if it still says the quote give or take whitespace; approximate matching
// (approx-string-match: Myers' bit-parallel algorithm) near the position, then in the whole text.
// Every candidate is scored with its context and refused below MIN_ANCHOR_SCORE. The matcher is a
// generator that yields between pieces of work, so that a caller can spread a page's worth of
// anchoring over several tasks; `matchQuote` runs it to the end in one go.
import approxSearch from 'approx-string-match'
import { MIN_ANCHOR_SCORE, scoreCandidate, type QuoteContext } from './quote-score'

/** How a quote was found. */
export type MatchMethod = 'exact-near-position' | 'exact' | 'position' | 'fuzzy'

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
/** Bit-parallel work per step: text characters times 32-character pattern blocks. */
const WORK_PER_STEP = 1 << 20

interface Candidate {
  start: number
  end: number
  errors: number
}

/** Distance from `start` to the nearest hint (0 when there are none). */
function distanceToHints(start: number, hints: readonly number[]): number {
  let best = hints.length === 0 ? 0 : Infinity
  for (const hint of hints) {
    best = Math.min(best, Math.abs(start - hint))
  }
  return best
}

/** Candidates scored between two yields. */
const CANDIDATES_PER_STEP = 128

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
    if (best === null || score > best.score || (score === best.score && distance < bestDistance)) {
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

/** Approximate matches of `quote` in text[from, to) with at most `maxErrors` edits, in steps. */
function* fuzzyCandidates(
  text: string,
  quote: string,
  from: number,
  to: number,
  maxErrors: number,
): Generator<void, Candidate[]> {
  const blocks = Math.ceil(quote.length / 32)
  const overlap = quote.length + maxErrors
  const stride = Math.max(overlap, Math.floor(WORK_PER_STEP / blocks))
  let best: Candidate[] = []
  let allowed = maxErrors
  for (let chunkStart = from; chunkStart < to; chunkStart += stride) {
    const chunkEnd = Math.min(to, chunkStart + stride + overlap)
    for (const match of approxSearch(text.slice(chunkStart, chunkEnd), quote, allowed)) {
      const candidate = {
        start: chunkStart + match.start,
        end: chunkStart + match.end,
        errors: match.errors,
      }
      if (candidate.errors < allowed || best.length === 0) {
        best = [candidate]
        allowed = candidate.errors
      } else if (!best.some((other) => other.end === candidate.end)) {
        best.push(candidate)
      }
    }
    if (chunkEnd >= to) {
      break
    }
    yield
  }
  return best.slice(0, MAX_FUZZY_CANDIDATES)
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u
/** Characters a fuzzy match's end may move to reach a word boundary. */
const MAX_WORD_SNAP = 32

function isWordCharacter(text: string, at: number): boolean {
  return at >= 0 && at < text.length && WORD_CHARACTER.test(text[at]!)
}

/**
 * A fuzzy candidate widened to whole words where the quote had whole words: the least-edits
 * alignment of "hides a bright" in "conceals a bright" is "ceals a bright", but the reader
 * highlighted a word, so the highlight should cover "conceals".
 */
function snapToWords(text: string, quote: string, candidate: Candidate, options: MatchOptions) {
  let { start, end } = candidate
  const prefix = options.prefix ?? ''
  const suffix = options.suffix ?? ''
  if (isWordCharacter(quote, 0) && !isWordCharacter(prefix, prefix.length - 1)) {
    while (start > candidate.start - MAX_WORD_SNAP && isWordCharacter(text, start - 1)) {
      start -= 1
    }
  }
  if (isWordCharacter(quote, quote.length - 1) && !isWordCharacter(suffix, 0)) {
    while (end < candidate.end + MAX_WORD_SNAP && isWordCharacter(text, end)) {
      end += 1
    }
  }
  return { start, end, errors: candidate.errors }
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
  const exact = yield* pickBest(
    text,
    quote,
    exactCandidates(text, quote),
    scoped,
    hints.length > 0 ? 'exact-near-position' : 'exact',
  )
  if (exact !== null) {
    return exact
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
  const maxErrors = Math.min(MAX_ERRORS, Math.ceil(quote.length * MAX_ERROR_RATE))
  if (maxErrors === 0) {
    return null
  }
  const hint = hints[0]
  if (hint !== undefined) {
    const slack = Math.max(MIN_WINDOW_SLACK, 2 * quote.length)
    const from = Math.max(0, hint - slack)
    const to = Math.min(text.length, hint + quote.length + slack)
    const near = (yield* fuzzyCandidates(text, quote, from, to, maxErrors)).map((candidate) =>
      snapToWords(text, quote, candidate, options),
    )
    const match = yield* pickBest(text, quote, near, scoped, 'fuzzy')
    if (match !== null) {
      return match
    }
    yield
  }
  const anywhere = (yield* fuzzyCandidates(text, quote, 0, text.length, maxErrors)).map(
    (candidate) => snapToWords(text, quote, candidate, options),
  )
  return yield* pickBest(text, quote, anywhere, scoped, 'fuzzy')
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
