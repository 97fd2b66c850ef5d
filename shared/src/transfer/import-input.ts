// Checks every importer makes before reading a file: refuse an empty file and binary junk (a zip,
// an image, a PDF chosen by mistake) with the spec's invalid-file message, and drop a byte-order
// mark. A lone stray control character is tolerated: real exports contain them.
import type { FileOrigin } from './import-result'
import { invalidFileError } from './import-result'

/** Share of control characters (other than tab and newlines) or U+FFFD above which text is binary. */
export const BINARY_CHARACTER_RATIO = 0.01
/** Characters sampled from the start of a file to tell text from binary. */
export const BINARY_SAMPLE_LENGTH = 8192

// Control characters are what this pattern is about.
// eslint-disable-next-line no-control-regex
const SUSPICIOUS_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/g

/** Whether text looks like a binary file decoded as text. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, BINARY_SAMPLE_LENGTH)
  const suspicious = sample.match(SUSPICIOUS_CHARACTER)?.length ?? 0
  return sample.length > 0 && suspicious / sample.length > BINARY_CHARACTER_RATIO
}

/** The file's text without a byte-order mark; throws the invalid-file error if empty or binary. */
export function readTextInput(text: string, origin: FileOrigin): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (body.trim() === '') {
    throw invalidFileError(origin, 'the file is empty')
  }
  if (looksBinary(body)) {
    throw invalidFileError(origin, 'the file is not text')
  }
  return body
}
