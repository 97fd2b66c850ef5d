import { describe, expect, it } from 'vitest'
import {
  AI_CHAT_INITIAL_MESSAGES_TOKENS,
  AI_CHAT_MAX_SYSTEM_MESSAGE_TOKENS,
  AI_CHAT_MAX_TOKENS,
  AI_CHAT_SAFETY_BUFFER_TOKENS,
  SUMMARY_INPUT_QUOTA_MARGIN,
  countWords,
  estimateTokens,
  summaryInputTokenBudget,
  trimToTokenBudget,
} from './tokens'

describe('AI budget constants', () => {
  it('uses the spec values', () => {
    expect(AI_CHAT_MAX_TOKENS).toBe(9216)
    expect(AI_CHAT_SAFETY_BUFFER_TOKENS).toBe(1000)
    expect(AI_CHAT_MAX_SYSTEM_MESSAGE_TOKENS).toBe(8000)
    expect(AI_CHAT_INITIAL_MESSAGES_TOKENS).toBe(2000)
    expect(SUMMARY_INPUT_QUOTA_MARGIN).toBe(500)
  })
})

describe('countWords', () => {
  it('splits on any whitespace and ignores leading and trailing space', () => {
    expect(countWords('')).toBe(0)
    expect(countWords('   \n\t ')).toBe(0)
    expect(countWords('one')).toBe(1)
    expect(countWords('  one two\tthree\nfour  ')).toBe(4)
  })
})

describe('estimateTokens', () => {
  it('gives 0 for the empty string', () => {
    expect(estimateTokens('')).toBe(0)
  })

  it('uses a quarter of the characters when that is larger', () => {
    // 40 characters, 1 word: 10 by characters, 1.3 by words.
    expect(estimateTokens('a'.repeat(40))).toBe(10)
    // 41 characters: 10.25 rounds up.
    expect(estimateTokens('a'.repeat(41))).toBe(11)
  })

  it('uses 1.3 per word when that is larger', () => {
    // 10 words of one letter, 19 characters: 13 by words, 4.75 by characters.
    expect(estimateTokens(Array(10).fill('a').join(' '))).toBe(13)
    // 3 words: 3.9 rounds up to 4.
    expect(estimateTokens('a b c')).toBe(4)
  })

  it('does not round up floating-point noise', () => {
    // 1.3 * 70 is 91.00000000000001 in floating point; the estimate is exactly 91.
    expect(estimateTokens(Array(70).fill('a').join(' '))).toBe(91)
  })

  it('adds 10% when braces are present', () => {
    // 40 characters with a brace: 10 * 1.1 = 11.
    expect(estimateTokens(`{${'a'.repeat(39)}`)).toBe(11)
    expect(estimateTokens(`${'a'.repeat(39)}}`)).toBe(11)
    // 10 words with braces: 13 * 1.1 = 14.3 rounds up to 15.
    expect(estimateTokens('{ a b c d e f g h }')).toBe(15)
  })

  it('counts whitespace-only text by its characters', () => {
    expect(estimateTokens('    ')).toBe(1)
  })
})

describe('summaryInputTokenBudget', () => {
  it('is the input quota less 500', () => {
    expect(summaryInputTokenBudget(4000)).toBe(3500)
    expect(summaryInputTokenBudget(500)).toBe(0)
    expect(summaryInputTokenBudget(300)).toBe(0)
    expect(summaryInputTokenBudget(1000.7)).toBe(500)
  })

  it('handles non-finite quotas', () => {
    expect(summaryInputTokenBudget(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY)
    expect(summaryInputTokenBudget(Number.NaN)).toBe(0)
  })
})

describe('trimToTokenBudget', () => {
  const words = Array.from({ length: 200 }, (_, i) => `word${String(i)}`).join(' ')

  it('returns text that already fits unchanged', () => {
    expect(trimToTokenBudget('hello world', 10)).toBe('hello world')
    expect(trimToTokenBudget('', 0)).toBe('')
  })

  it('returns an empty string for a zero, negative or NaN budget', () => {
    expect(trimToTokenBudget('hello world', 0)).toBe('')
    expect(trimToTokenBudget('hello world', -5)).toBe('')
    expect(trimToTokenBudget('hello world', Number.NaN)).toBe('')
  })

  it('keeps the whole text for an infinite budget', () => {
    expect(trimToTokenBudget(words, Number.POSITIVE_INFINITY)).toBe(words)
  })

  it('cuts at a word boundary and stays within the budget', () => {
    for (const budget of [1, 5, 17, 50, 100, 199]) {
      const result = trimToTokenBudget(words, budget)
      expect(estimateTokens(result)).toBeLessThanOrEqual(budget)
      expect(words.startsWith(result)).toBe(true)
      expect(result).toBe(result.trimEnd())
      const rest = words.slice(result.length)
      expect(result === '' || rest === '' || rest.startsWith(' ')).toBe(true)
    }
  })

  it('keeps as many words as fit', () => {
    // 'aaa bbb ccc ddd': each word adds 1.3 tokens; 3 tokens fit two words (2.6).
    expect(trimToTokenBudget('aaa bbb ccc ddd', 3)).toBe('aaa bbb')
  })

  it('keeps the cut when it already ends at whitespace', () => {
    // 12 characters fit 3 tokens: 'aaaaa bbbbb ' ends before 'ccccc'.
    expect(trimToTokenBudget('aaaaa bbbbb ccccc', 3)).toBe('aaaaa bbbbb')
  })

  it('cuts inside a single long word when there is no boundary', () => {
    const result = trimToTokenBudget('a'.repeat(100), 5)
    expect(result).toBe('a'.repeat(20))
    expect(trimToTokenBudget(`   ${'b'.repeat(100)}`, 5)).toBe(`   ${'b'.repeat(17)}`)
  })

  it('returns an empty string when not even one character fits', () => {
    // One word costs 1.3 tokens, so no prefix of 'abc' fits a budget of 1.
    expect(trimToTokenBudget('abc abc', 1)).toBe('')
  })

  it('never splits a surrogate pair', () => {
    // 8 units of 'a' then an emoji: 9 units fit 3 tokens only as 8 'a' plus half an emoji.
    const text = `${'a'.repeat(11)}😀😀😀`
    const result = trimToTokenBudget(text, 3)
    expect(result).toBe('a'.repeat(11))
    const last = result.charCodeAt(result.length - 1)
    expect(last >= 0xd800 && last <= 0xdbff).toBe(false)
  })

  it('accounts for braces when trimming', () => {
    const json = `{"a": "${'x'.repeat(200)}"}`
    // Without braces 80 characters would fit 20 tokens; with them only 72 do. The cut falls
    // inside the long value, so the boundary rule drops that partial word.
    expect(trimToTokenBudget(json, 20)).toBe('{"a":')
    const code = `function f() { return ${'x '.repeat(100)}}`
    const result = trimToTokenBudget(code, 20)
    expect(estimateTokens(result)).toBeLessThanOrEqual(20)
    expect(estimateTokens(`${result} x`)).toBeGreaterThan(20)
  })
})

describe('trimToTokenBudget against a plain reference', () => {
  /** The longest prefix whose estimate fits, found by trying every length. */
  function longestByTrying(text: string, budget: number): number {
    let best = 0
    for (let end = 0; end <= text.length; end += 1) {
      if (estimateTokens(text.slice(0, end)) <= budget) {
        best = end
      }
    }
    return best
  }

  /** trimToTokenBudget's rule on the prefix found by trying: a partial last word is dropped. */
  function referenceTrim(text: string, budget: number): string {
    if (estimateTokens(text) <= budget) {
      return text
    }
    let end = longestByTrying(text, budget)
    const code = text.charCodeAt(end - 1)
    if (end > 0 && code >= 0xd800 && code <= 0xdbff) {
      end -= 1
    }
    const prefix = text.slice(0, end)
    if (!/\s/.test(text.charAt(end))) {
      const lastSpace = Math.max(...[...prefix].map((c, i) => (/\s/.test(c) ? i : -1)))
      if (lastSpace > 0 && prefix.slice(0, lastSpace).trim() !== '') {
        return prefix.slice(0, lastSpace).trimEnd()
      }
    }
    return prefix.trimEnd()
  }

  it('cuts where estimating every prefix would, for words, braces, tabs and non-ASCII space', () => {
    const pieces = ['a', 'bb', 'ccc ', ' ', '\t', '\n', '{', '}', 'é', '\u00a0', 'x y', 'word ']
    let seed = 7
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed / 2_147_483_648
    }
    for (let round = 0; round < 200; round += 1) {
      const text = Array.from(
        { length: 5 + Math.floor(next() * 60) },
        () => pieces[Math.floor(next() * pieces.length)]!,
      ).join('')
      const budget = 1 + Math.floor(next() * 20)
      const trimmed = trimToTokenBudget(text, budget)
      expect(estimateTokens(trimmed)).toBeLessThanOrEqual(budget)
      expect(text.startsWith(trimmed)).toBe(true)
      expect(trimmed).toBe(referenceTrim(text, budget))
    }
  })
})
