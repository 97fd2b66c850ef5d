import { describe, expect, it } from 'vitest'
import { fallbackWidth, srcSetFor, variantFileName, variantWidths } from './image-variants'

describe('variantWidths', () => {
  it('gives every breakpoint at densities 1 and 2 for a source wider than all of them', () => {
    expect(variantWidths(4000)).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072])
  })

  it('stops at the source: a 1280-pixel screenshot is never enlarged', () => {
    expect(variantWidths(1280)).toEqual([320, 640, 768, 1024, 1280])
  })

  it("adds the source's own width when it lies between two variants", () => {
    expect(variantWidths(1100)).toEqual([320, 640, 768, 1024, 1100])
    expect(variantWidths(360)).toEqual([320, 360])
  })

  it('serves a source narrower than every breakpoint at its own width', () => {
    expect(variantWidths(200)).toEqual([200])
  })

  it('takes the largest variant without adding the source when the source is wider', () => {
    expect(variantWidths(3072)).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072])
  })

  it('refuses a width that is not a positive whole number', () => {
    expect(() => variantWidths(0)).toThrow(/positive whole number/)
    expect(() => variantWidths(12.5)).toThrow(/positive whole number/)
  })
})

describe('variant names and srcset', () => {
  const entry = { width: 1280, height: 800, hash: 'abc123', widths: [320, 640, 1280] }

  it('names a variant {name}-{width}.{hash}.webp', () => {
    expect(variantFileName('reader', 640, 'abc123')).toBe('reader-640.abc123.webp')
  })

  it('lists every variant with its width descriptor', () => {
    expect(srcSetFor('reader', entry)).toBe(
      '/img/reader-320.abc123.webp 320w, /img/reader-640.abc123.webp 640w, ' +
        '/img/reader-1280.abc123.webp 1280w',
    )
  })

  it('falls back to the widest variant not over 1024 pixels', () => {
    expect(fallbackWidth(entry)).toBe(640)
    expect(fallbackWidth({ ...entry, widths: [1280] })).toBe(1280)
  })
})
