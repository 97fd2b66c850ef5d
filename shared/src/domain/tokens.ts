// Token estimates and budgets for the AI chat and summaries. The browser's built-in models give no
// tokenizer, so the product estimates tokens from characters and words (spec section 5) and trims
// the text it sends so that the estimate stays inside the budgets of spec section 9.

/** Whole token budget of one AI chat. */
export const AI_CHAT_MAX_TOKENS = 9216
/** Tokens kept free in the chat budget so the model always has room to answer. */
export const AI_CHAT_SAFETY_BUFFER_TOKENS = 1000
/** Largest system message (page content and instructions) sent to the chat. */
export const AI_CHAT_MAX_SYSTEM_MESSAGE_TOKENS = 8000
/** Tokens reserved for the first messages of a chat. */
export const AI_CHAT_INITIAL_MESSAGES_TOKENS = 2000
/** Summaries are trimmed to the summarizer's input quota less this many tokens. */
export const SUMMARY_INPUT_QUOTA_MARGIN = 500

/** One token per this many characters. */
export const CHARS_PER_TOKEN = 4
/** Tokens per whitespace-separated word. */
export const TOKENS_PER_WORD = 1.3
/** Factor applied when the text contains `{` or `}` (code and JSON tokenise densely). */
export const BRACES_TOKEN_FACTOR = 1.1

// The estimate is computed in thousandths of a token with integers only, so that 70 words give
// exactly 91 tokens and not 92 (1.3 * 70 is 91.00000000000001 in floating point).
const SCALE = 1000
const SCALED_PER_CHAR = SCALE / CHARS_PER_TOKEN
const SCALED_PER_WORD = Math.round(TOKENS_PER_WORD * SCALE)
const BRACES_NUMERATOR = Math.round(BRACES_TOKEN_FACTOR * 10)

const BRACES = /[{}]/
const WHITESPACE = /\s/

/** Number of whitespace-separated words in `text`. */
export function countWords(text: string): number {
  const trimmed = text.trim()
  if (trimmed === '') {
    return 0
  }
  return trimmed.split(/\s+/).length
}

/** Estimated tokens: max(characters / 4, 1.3 per word), plus 10% with braces, rounded up. */
export function estimateTokens(text: string): number {
  if (text === '') {
    return 0
  }
  const byChars = text.length * SCALED_PER_CHAR
  const byWords = countWords(text) * SCALED_PER_WORD
  let scaled = Math.max(byChars, byWords)
  if (BRACES.test(text)) {
    scaled = (scaled * BRACES_NUMERATOR) / 10
  }
  return Math.ceil(scaled / SCALE)
}

/** Token budget left for a summary's input, given the summarizer's input quota. */
export function summaryInputTokenBudget(inputQuota: number): number {
  if (!Number.isFinite(inputQuota)) {
    return inputQuota > 0 ? Number.POSITIVE_INFINITY : 0
  }
  return Math.max(0, Math.floor(inputQuota) - SUMMARY_INPUT_QUOTA_MARGIN)
}

/** Cuts `text` so its estimate fits `maxTokens`, at a word boundary when the cut allows one. */
export function trimToTokenBudget(text: string, maxTokens: number): string {
  if (estimateTokens(text) <= maxTokens) {
    return text
  }
  if (!(maxTokens > 0)) {
    return ''
  }
  const end = longestFittingPrefix(text, maxTokens)
  const prefix = text.slice(0, end)
  const next = text.charAt(end)
  // `end` is always short of the text's end here, since the whole text did not fit.
  if (!WHITESPACE.test(next)) {
    // The cut falls inside a word: drop the partial word unless it is the only one.
    const lastSpace = lastWhitespaceIndex(prefix)
    if (lastSpace > 0 && prefix.slice(0, lastSpace).trim() !== '') {
      return prefix.slice(0, lastSpace).trimEnd()
    }
  }
  return prefix.trimEnd()
}

// The estimate never decreases as the prefix grows (characters, words and the braces flag all only
// grow), so the longest prefix that fits ends just before the first character that makes the
// estimate exceed the budget. One pass keeps the three counts as it goes: estimating every
// candidate prefix of a long page (a binary search) cost a summary or a chat turn tens of
// milliseconds before its request left.
function longestFittingPrefix(text: string, maxTokens: number): number {
  let words = 0
  let braces = false
  let previousIsSpace = true
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    const isSpace = isWhitespaceCode(code, text, index)
    if (!isSpace && previousIsSpace) {
      words += 1
    }
    previousIsSpace = isSpace
    if (code === 0x7b || code === 0x7d) {
      braces = true
    }
    let scaled = Math.max((index + 1) * SCALED_PER_CHAR, words * SCALED_PER_WORD)
    if (braces) {
      scaled = (scaled * BRACES_NUMERATOR) / 10
    }
    // Same rounding as estimateTokens: ceil(scaled / SCALE) <= maxTokens.
    if (Math.ceil(scaled / SCALE) > maxTokens) {
      return avoidSplitSurrogate(text, index)
    }
  }
  return avoidSplitSurrogate(text, text.length)
}

/** Whether the character at `index` (code `code`) is whitespace as `\s` has it. */
function isWhitespaceCode(code: number, text: string, index: number): boolean {
  if (code < 0x80) {
    return code === 0x20 || (code >= 0x09 && code <= 0x0d)
  }
  return WHITESPACE.test(text.charAt(index))
}

function avoidSplitSurrogate(text: string, end: number): number {
  const code = text.charCodeAt(end - 1)
  return end > 0 && code >= 0xd800 && code <= 0xdbff ? end - 1 : end
}

function lastWhitespaceIndex(text: string): number {
  for (let i = text.length - 1; i >= 0; i -= 1) {
    if (WHITESPACE.test(text.charAt(i))) {
      return i
    }
  }
  return -1
}
