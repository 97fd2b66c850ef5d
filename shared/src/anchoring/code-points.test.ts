import { describe, expect, it } from 'vitest'
import { toCodePointOffset, toUtf16Offset } from './code-points'

describe('code-point offsets', () => {
  it('are the UTF-16 offsets in text without astral characters', () => {
    expect(toCodePointOffset('plain text', 5)).toBe(5)
    expect(toUtf16Offset('plain text', 5)).toBe(5)
  })

  it('count an emoji as one code point, and convert back', () => {
    const text = 'a😀b🎉c d'
    // a=0, 😀=1-2, b=3, 🎉=4-5, c=6
    expect(toCodePointOffset(text, 3)).toBe(2)
    expect(toCodePointOffset(text, 6)).toBe(4)
    expect([...text].slice(4).join('')).toBe(text.slice(6))
    for (let codePoint = 0; codePoint <= [...text].length; codePoint += 1) {
      const unit = toUtf16Offset(text, codePoint)
      expect([...text].slice(codePoint).join('')).toBe(text.slice(unit))
      expect(toCodePointOffset(text, unit)).toBe(codePoint)
    }
  })
})
