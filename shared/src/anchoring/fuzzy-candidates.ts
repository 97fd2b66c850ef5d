// The approximate half of quote matching (match-quote.ts): where an edited quote may be now, found
// with approx-string-match (Myers' bit-parallel algorithm) in bounded pieces of work, and how the
// ends of such a match are placed: pinned to the stored context when it is still there, else
// widened to whole words.
import approxSearch from 'approx-string-match'
import type { QuoteContext } from './quote-score'

/** A place the quote may be, with its edit count. */
export interface Candidate {
  start: number
  end: number
  errors: number
}

/** Bit-parallel work per step: text characters times 32-character pattern blocks. */
const WORK_PER_STEP = 1 << 13
/** Characters of text per piece when every piece keeps its own best places (near a hint). */
const LOCAL_PIECE_CHARS = 256
/** Edits per quote character a local best may have beyond the fewest in the range. */
const LOCAL_EXTRA_ERROR_RATE = 0.1

/**
 * Approximate matches of `quote` in text[from, to) with at most `maxErrors` edits, searched in
 * pieces of bounded work with a yield after each. With `local`, each piece of the text keeps its
 * own best matches, so that near the expected place a look-alike with fewer edits does not hide
 * the real place whose edits are more (the context will tell them apart); otherwise only the
 * matches with the fewest edits in the whole range are kept.
 */
export function* fuzzyCandidates(
  text: string,
  quote: string,
  from: number,
  to: number,
  maxErrors: number,
  local: boolean,
): Generator<void, Candidate[]> {
  if (!local) {
    return yield* searchPieces(text, quote, from, to, maxErrors, false)
  }
  // Local bests only a little worse than the best: a piece of unrelated text always has some
  // best alignment at nearly `maxErrors`, and costs time to report and score for nothing.
  const best = yield* searchPieces(text, quote, from, to, maxErrors, false)
  if (best.length === 0) {
    return best
  }
  const extra = Math.max(4, Math.ceil(quote.length * LOCAL_EXTRA_ERROR_RATE))
  const allowed = Math.min(maxErrors, best[0]!.errors + extra)
  return yield* searchPieces(text, quote, from, to, allowed, true)
}

function* searchPieces(
  text: string,
  quote: string,
  from: number,
  to: number,
  maxErrors: number,
  local: boolean,
): Generator<void, Candidate[]> {
  const blocks = Math.ceil(quote.length / 32)
  const overlap = quote.length + maxErrors
  const workStride = Math.max(overlap, Math.floor(WORK_PER_STEP / blocks))
  const stride = local
    ? Math.min(workStride, Math.max(LOCAL_PIECE_CHARS, quote.length))
    : workStride
  const found = new Map<number, Candidate>()
  let allowed = maxErrors
  let work = 0
  for (let pieceStart = from; pieceStart < to; pieceStart += stride) {
    const pieceEnd = Math.min(to, pieceStart + stride + overlap)
    const matches = approxSearch(text.slice(pieceStart, pieceEnd), quote, allowed)
    // Finding each match's start costs a reverse search over about the quote's length.
    work += (pieceEnd - pieceStart + matches.length * overlap) * blocks
    for (const match of matches) {
      const candidate = {
        start: pieceStart + match.start,
        end: pieceStart + match.end,
        errors: match.errors,
      }
      if (!local && candidate.errors < allowed) {
        found.clear()
        allowed = candidate.errors
      }
      const other = found.get(candidate.end)
      if (other === undefined || other.errors > candidate.errors) {
        found.set(candidate.end, candidate)
      }
    }
    if (pieceEnd >= to) {
      break
    }
    if (work >= WORK_PER_STEP) {
      work = 0
      yield
    }
  }
  return [...found.values()]
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u
/** Characters a fuzzy match's end may move to reach a word boundary. */
const MAX_WORD_SNAP = 32
/** Characters of the stored context next to the quote that pin an end where they are found. */
const PIN_CHARS = 16
/** Fewest characters of context that may pin an end. */
const MIN_PIN_CHARS = 6

function isWordCharacter(text: string, at: number): boolean {
  return at >= 0 && at < text.length && WORD_CHARACTER.test(text[at]!)
}

/** The offset within `reach` of `near` where `text` ends with `prefix`'s tail (-1 if none). */
function pinStart(text: string, near: number, prefix: string, reach: number): number {
  const tail = prefix.slice(-PIN_CHARS)
  if (tail.length < MIN_PIN_CHARS || tail.trim() === '') {
    return -1
  }
  for (let distance = 0; distance <= reach; distance += 1) {
    if (text.endsWith(tail, near - distance)) {
      return near - distance
    }
    if (text.endsWith(tail, near + distance)) {
      return near + distance
    }
  }
  return -1
}

/** The offset within `reach` of `near` where `suffix`'s head starts in `text` (-1 if none). */
function pinEnd(text: string, near: number, suffix: string, reach: number): number {
  const head = suffix.slice(0, PIN_CHARS)
  if (head.length < MIN_PIN_CHARS || head.trim() === '') {
    return -1
  }
  for (let distance = 0; distance <= reach; distance += 1) {
    if (text.startsWith(head, near + distance)) {
      return near + distance
    }
    if (text.startsWith(head, near - distance)) {
      return near - distance
    }
  }
  return -1
}

/**
 * The ends of a fuzzy candidate placed where the reader's highlight would be now. The least-edits
 * alignment of a quote whose first word was replaced may start inside the word before ("ative b"
 * for "government"), so an end is first pinned to the stored context where that context still
 * stands right next to it; otherwise it is widened to whole words where the quote had whole words
 * (the alignment of "hides a bright" in "conceals a bright" is "ceals a bright", but the reader
 * highlighted a word, so the highlight should cover "conceals").
 */
export function placeCandidate(
  text: string,
  quote: string,
  candidate: Candidate,
  context: QuoteContext,
): Candidate {
  const prefix = context.prefix ?? ''
  const suffix = context.suffix ?? ''
  const reach = candidate.errors + 1
  let start = pinStart(text, candidate.start, prefix, reach)
  if (start < 0) {
    start = candidate.start
    if (isWordCharacter(quote, 0) && !isWordCharacter(prefix, prefix.length - 1)) {
      while (start > candidate.start - MAX_WORD_SNAP && isWordCharacter(text, start - 1)) {
        start -= 1
      }
    }
  }
  let end = pinEnd(text, candidate.end, suffix, reach)
  if (end < 0) {
    end = candidate.end
    if (isWordCharacter(quote, quote.length - 1) && !isWordCharacter(suffix, 0)) {
      while (end < candidate.end + MAX_WORD_SNAP && isWordCharacter(text, end)) {
        end += 1
      }
    }
  }
  return end > start ? { start, end, errors: candidate.errors } : candidate
}
