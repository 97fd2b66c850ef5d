// UTF-8-safe base64 for the pure domain layer. `atob`, `btoa` and `TextEncoder` are DOM/web APIs
// that do not exist under the domain's `lib: ["ES2022"]`, and `btoa` alone breaks on any character
// above U+00FF anyway, so the `filters` URL parameter (and anything else that must carry user text
// through base64) goes through these hand-written, allocation-light codecs instead.

/** The standard base64 alphabet (RFC 4648 section 4). */
export const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The URL- and filename-safe base64 alphabet (RFC 4648 section 5). */
export const BASE64_URL_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** Message of the Error thrown for text that is not base64 in either alphabet. */
export const INVALID_BASE64_MESSAGE = 'Invalid base64 input'

/** Message of the Error thrown when the decoded bytes are not valid UTF-8. */
export const INVALID_UTF8_MESSAGE = 'Invalid UTF-8 in base64 input'

const REPLACEMENT_CHARACTER = 0xfffd

/** Options of `encodeBase64Utf8`. */
export interface Base64EncodeOptions {
  /** Use `-` and `_` instead of `+` and `/` and drop the `=` padding (safe in URLs unescaped). */
  urlSafe?: boolean
}

/** Encodes a string as UTF-8 bytes; lone surrogates become U+FFFD, like `TextEncoder`. */
export function toUtf8Bytes(text: string): number[] {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0
      if (next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00)
        i++
      } else {
        code = REPLACEMENT_CHARACTER
      }
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      code = REPLACEMENT_CHARACTER
    }
    if (code < 0x80) {
      bytes.push(code)
    } else if (code < 0x800) {
      bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f))
    } else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f))
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      )
    }
  }
  return bytes
}

/** Decodes UTF-8 bytes strictly (overlong forms, surrogates and truncation throw). */
export function fromUtf8Bytes(bytes: readonly number[]): string {
  const codePoints: number[] = []
  let i = 0
  while (i < bytes.length) {
    const first = byteAt(bytes, i)
    let length: number
    let code: number
    let min: number
    if (first < 0x80) {
      length = 1
      code = first
      min = 0
    } else if (first >= 0xc2 && first <= 0xdf) {
      length = 2
      code = first & 0x1f
      min = 0x80
    } else if (first >= 0xe0 && first <= 0xef) {
      length = 3
      code = first & 0x0f
      min = 0x800
    } else if (first >= 0xf0 && first <= 0xf4) {
      length = 4
      code = first & 0x07
      min = 0x10000
    } else {
      throw new Error(INVALID_UTF8_MESSAGE)
    }
    if (i + length > bytes.length) {
      throw new Error(INVALID_UTF8_MESSAGE)
    }
    for (let k = 1; k < length; k++) {
      const next = byteAt(bytes, i + k)
      if ((next & 0xc0) !== 0x80) {
        throw new Error(INVALID_UTF8_MESSAGE)
      }
      code = (code << 6) | (next & 0x3f)
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      throw new Error(INVALID_UTF8_MESSAGE)
    }
    codePoints.push(code)
    i += length
  }
  let text = ''
  // Chunked so that very long inputs never exceed the engine's argument limit.
  for (let start = 0; start < codePoints.length; start += 4096) {
    text += String.fromCodePoint(...codePoints.slice(start, start + 4096))
  }
  return text
}

/** Encodes text as base64 of its UTF-8 bytes (standard alphabet and padding unless `urlSafe`). */
export function encodeBase64Utf8(text: string, options: Base64EncodeOptions = {}): string {
  const alphabet = options.urlSafe === true ? BASE64_URL_ALPHABET : BASE64_ALPHABET
  const bytes = toUtf8Bytes(text)
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const remaining = bytes.length - i
    const triple =
      (byteAt(bytes, i) << 16) |
      ((remaining > 1 ? byteAt(bytes, i + 1) : 0) << 8) |
      (remaining > 2 ? byteAt(bytes, i + 2) : 0)
    out += alphabet.charAt((triple >> 18) & 0x3f) + alphabet.charAt((triple >> 12) & 0x3f)
    out += remaining > 1 ? alphabet.charAt((triple >> 6) & 0x3f) : ''
    out += remaining > 2 ? alphabet.charAt(triple & 0x3f) : ''
  }
  if (options.urlSafe !== true) {
    out += '='.repeat((3 - (bytes.length % 3)) % 3)
  }
  return out
}

/** Decodes base64 (standard or URL-safe alphabet, padding optional, whitespace ignored) to text. */
export function decodeBase64Utf8(b64: string): string {
  const compact = b64.replace(/[\t\n\f\r ]+/g, '').replace(/={1,2}$/, '')
  if (compact.length % 4 === 1) {
    throw new Error(INVALID_BASE64_MESSAGE)
  }
  const bytes: number[] = []
  let buffer = 0
  let bits = 0
  for (const char of compact) {
    const value = sextetOf(char)
    if (value < 0) {
      throw new Error(INVALID_BASE64_MESSAGE)
    }
    buffer = ((buffer << 6) | value) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes.push((buffer >> bits) & 0xff)
    }
  }
  return fromUtf8Bytes(bytes)
}

function sextetOf(char: string): number {
  if (char === '-') {
    return 62
  }
  if (char === '_') {
    return 63
  }
  return BASE64_ALPHABET.indexOf(char)
}

function byteAt(bytes: readonly number[], index: number): number {
  return bytes[index] ?? 0
}
