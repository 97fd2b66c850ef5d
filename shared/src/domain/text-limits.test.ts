import { describe, expect, it } from 'vitest'
import {
  ELLIPSIS,
  HTML_EXPORT_URL_DISPLAY_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  truncateDescription,
  truncateText,
  truncateTitle,
  truncateUrlForDisplay,
} from './text-limits'

describe('limits', () => {
  it('uses the spec values', () => {
    expect(MAX_TITLE_LENGTH).toBe(55)
    expect(MAX_DESCRIPTION_LENGTH).toBe(145)
    expect(HTML_EXPORT_URL_DISPLAY_LENGTH).toBe(80)
    expect(ELLIPSIS).toBe('…')
  })
})

describe('truncateText', () => {
  it('keeps text at or under the limit unchanged', () => {
    expect(truncateText('', 10)).toBe('')
    expect(truncateText('short', 10)).toBe('short')
    expect(truncateText('a'.repeat(10), 10)).toBe('a'.repeat(10))
  })

  it('counts the ellipsis within the limit', () => {
    const result = truncateText('a'.repeat(11), 10)
    expect(result).toBe(`${'a'.repeat(9)}…`)
    expect(result).toHaveLength(10)
  })

  it('trims trailing whitespace before the ellipsis', () => {
    expect(truncateText('abc    defghij', 8)).toBe('abc…')
    expect(truncateText('abc\n\t  defghij', 8)).toBe('abc…')
  })

  it('does not cut a surrogate pair in half', () => {
    // The 10th unit would be the high half of the emoji: it is dropped whole.
    const result = truncateText(`${'a'.repeat(8)}😀😀😀`, 10)
    expect(result).toBe(`${'a'.repeat(8)}…`)
    expect(truncateText(`${'a'.repeat(7)}😀😀😀`, 10)).toBe(`${'a'.repeat(7)}😀…`)
  })

  it('returns an empty string when nothing but whitespace would remain', () => {
    expect(truncateText(' '.repeat(20), 10)).toBe('')
  })

  it('handles limits too small for any text', () => {
    expect(truncateText('abc', 1)).toBe('')
    expect(truncateText('abc', 0)).toBe('')
    expect(truncateText('abc', 2)).toBe('a…')
  })
})

describe('truncateTitle', () => {
  it('keeps a 55-character title and cuts a 56-character one to 55', () => {
    const exact = 't'.repeat(55)
    expect(truncateTitle(exact)).toBe(exact)
    const cut = truncateTitle('t'.repeat(56))
    expect(cut).toBe(`${'t'.repeat(54)}…`)
    expect(cut).toHaveLength(55)
  })

  it('cuts a real title', () => {
    const title = 'How to build a local-first highlighter that syncs across every device you own'
    const cut = truncateTitle(title)
    expect(cut).toBe('How to build a local-first highlighter that syncs acro…')
    expect(cut.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH)
  })
})

describe('truncateDescription', () => {
  it('keeps 145 characters and cuts 146 to 145', () => {
    const exact = 'd'.repeat(145)
    expect(truncateDescription(exact)).toBe(exact)
    const cut = truncateDescription('d'.repeat(146))
    expect(cut).toBe(`${'d'.repeat(144)}…`)
    expect(cut).toHaveLength(145)
  })
})

describe('truncateUrlForDisplay', () => {
  it('keeps URLs of 80 characters and cuts longer ones to 80', () => {
    const base = 'https://example.com/'
    const exact = base + 'p'.repeat(80 - base.length)
    expect(truncateUrlForDisplay(exact)).toBe(exact)
    const long = `${exact}/more?query=1`
    const cut = truncateUrlForDisplay(long)
    expect(cut).toHaveLength(80)
    expect(cut).toBe(`${exact.slice(0, 79)}…`)
  })
})
