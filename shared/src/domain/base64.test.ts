import { describe, expect, it } from 'vitest'
import {
  BASE64_ALPHABET,
  BASE64_URL_ALPHABET,
  INVALID_BASE64_MESSAGE,
  INVALID_UTF8_MESSAGE,
  decodeBase64Utf8,
  encodeBase64Utf8,
  fromUtf8Bytes,
  toUtf8Bytes,
} from './base64'

// Reference values computed with Node's Buffer (base64 of the UTF-8 bytes).
const SAMPLES: ReadonlyArray<[string, string]> = [
  ['', ''],
  ['f', 'Zg=='],
  ['fo', 'Zm8='],
  ['foo', 'Zm9v'],
  ['foob', 'Zm9vYg=='],
  ['Hello, World!', 'SGVsbG8sIFdvcmxkIQ=='],
  ['café', 'Y2Fmw6k='],
  ['📚 highlight', '8J+TmiBoaWdobGlnaHQ='],
  ['مرحبا بالعالم', '2YXYsdit2KjYpyDYqNin2YTYudin2YTZhQ=='],
  ['学习笔记', '5a2m5Lmg56yU6K6w'],
  ['日本語のテキスト', '5pel5pys6Kqe44Gu44OG44Kt44K544OI'],
  ['👩‍💻🇩🇪', '8J+RqeKAjfCfkrvwn4ep8J+Hqg=='],
]

describe('encodeBase64Utf8', () => {
  it.each(SAMPLES)('encodes %j with the standard alphabet and padding', (text, b64) => {
    expect(encodeBase64Utf8(text)).toBe(b64)
  })

  it('uses - and _ and no padding when urlSafe', () => {
    expect(encodeBase64Utf8('📚 highlight', { urlSafe: true })).toBe('8J-TmiBoaWdobGlnaHQ')
    expect(encodeBase64Utf8('??>', { urlSafe: true })).toBe('Pz8-')
    expect(encodeBase64Utf8('???', { urlSafe: true })).toBe('Pz8_')
    expect(encodeBase64Utf8('???')).toBe('Pz8/')
  })

  it('round-trips text that uses every alphabet position', () => {
    const bytes = Array.from({ length: 64 }, (_, i) => String.fromCharCode(i * 4 + 1)).join('')
    const encoded = encodeBase64Utf8(bytes)
    expect(decodeBase64Utf8(encoded)).toBe(bytes)
    expect(BASE64_ALPHABET).toHaveLength(64)
    expect(BASE64_URL_ALPHABET).toHaveLength(64)
  })
})

describe('decodeBase64Utf8', () => {
  it.each(SAMPLES)('decodes %j back', (text, b64) => {
    expect(decodeBase64Utf8(b64)).toBe(text)
  })

  it.each(SAMPLES)('round-trips %j through the URL-safe alphabet', (text) => {
    expect(decodeBase64Utf8(encodeBase64Utf8(text, { urlSafe: true }))).toBe(text)
  })

  it('accepts missing padding', () => {
    expect(decodeBase64Utf8('Zg')).toBe('f')
    expect(decodeBase64Utf8('Zm8')).toBe('fo')
    expect(decodeBase64Utf8('2YXYsdit2KjYpyDYqNin2YTYudin2YTZhQ')).toBe('مرحبا بالعالم')
  })

  it('accepts a mix of alphabets and ignores whitespace and line breaks', () => {
    expect(decodeBase64Utf8('8J-TmiBoaWdo\nbGlnaHQ=')).toBe('📚 highlight')
    expect(decodeBase64Utf8(' Pz8_ ')).toBe('???')
    expect(decodeBase64Utf8('Pz8/')).toBe('???')
  })

  it('throws a clear error for characters outside both alphabets', () => {
    expect(() => decodeBase64Utf8('Zm9v!')).toThrow(INVALID_BASE64_MESSAGE)
    expect(() => decodeBase64Utf8('Zm=9v')).toThrow(INVALID_BASE64_MESSAGE)
    expect(() => decodeBase64Utf8('Zg===')).toThrow(INVALID_BASE64_MESSAGE)
    expect(() => decodeBase64Utf8('学习')).toThrow(INVALID_BASE64_MESSAGE)
  })

  it('throws for an impossible length', () => {
    expect(() => decodeBase64Utf8('Zm9vY')).toThrow(INVALID_BASE64_MESSAGE)
    expect(() => decodeBase64Utf8('A')).toThrow(INVALID_BASE64_MESSAGE)
  })

  it('throws a clear error when the bytes are not UTF-8', () => {
    // 0xff is never valid in UTF-8.
    expect(() => decodeBase64Utf8('/w==')).toThrow(INVALID_UTF8_MESSAGE)
  })
})

describe('toUtf8Bytes', () => {
  it('encodes 1- to 4-byte sequences', () => {
    expect(toUtf8Bytes('a')).toEqual([0x61])
    expect(toUtf8Bytes('é')).toEqual([0xc3, 0xa9])
    expect(toUtf8Bytes('学')).toEqual([0xe5, 0xad, 0xa6])
    expect(toUtf8Bytes('📚')).toEqual([0xf0, 0x9f, 0x93, 0x9a])
  })

  it('replaces lone surrogates with U+FFFD', () => {
    const replacement = [0xef, 0xbf, 0xbd]
    expect(toUtf8Bytes('\ud83d')).toEqual(replacement)
    expect(toUtf8Bytes('\ud83dx')).toEqual([...replacement, 0x78])
    expect(toUtf8Bytes('\udc9a')).toEqual(replacement)
  })
})

describe('fromUtf8Bytes', () => {
  it('decodes valid sequences', () => {
    expect(fromUtf8Bytes([0x61, 0xc3, 0xa9, 0xe5, 0xad, 0xa6, 0xf0, 0x9f, 0x93, 0x9a])).toBe(
      'aé学📚',
    )
  })

  it('decodes long inputs in chunks', () => {
    const text = 'ب'.repeat(10_000)
    expect(fromUtf8Bytes(toUtf8Bytes(text))).toBe(text)
  })

  it.each([
    ['a lone continuation byte', [0x80]],
    ['an invalid lead byte', [0xf8, 0x80, 0x80, 0x80, 0x80]],
    ['an overlong two-byte form', [0xc0, 0xaf]],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a truncated sequence', [0xe5, 0xad]],
    ['a broken continuation', [0xe5, 0x41, 0xa6]],
  ])('rejects %s', (_label, bytes) => {
    expect(() => fromUtf8Bytes(bytes)).toThrow(INVALID_UTF8_MESSAGE)
  })
})
