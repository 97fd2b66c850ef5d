// Sanitizing the rich text of notes. A mark's `richText` is a list of insert operations (a Quill
// delta) that arrives from sync, backups and imports, so it is untrusted: a `javascript:` link, a
// header level of 99 or an attribute holding an object would reach the editor and the exports.
// The spec keeps link URLs only with safe schemes (else an `unsafe:` prefix, as Angular does),
// and caps headers at 6 and indents at 30; everything else that is not a plain value is dropped.

/** Link prefixes kept as they are (compared case-insensitively); any other link gets `unsafe:`. */
export const SAFE_LINK_PREFIXES = [
  'http:',
  'https:',
  'ftp:',
  'sftp:',
  'file:',
  'blob:',
  'mailto:',
  'tel:',
  '#',
  '/',
  'data:image/',
] as const

/** Prefix put before a link URL that is not safe, so that it no longer navigates anywhere. */
export const UNSAFE_LINK_PREFIX = 'unsafe:'

/** Lowest header level. */
export const MIN_HEADER_LEVEL = 1

/** Highest header level. */
export const MAX_HEADER_LEVEL = 6

/** Lowest indent that is kept (0 means no indent). */
export const MIN_INDENT = 1

/** Highest indent level. */
export const MAX_INDENT = 30

/** Embed keys whose string value is a URL and is sanitized like a link. */
export const URL_EMBED_KEYS: readonly string[] = ['image', 'video']

/** Attributes holding a CSS colour, kept only when they look like one. */
export const COLOR_ATTRIBUTES: readonly string[] = ['color', 'background']

/** A plain attribute value. */
export type RichTextValue = string | number | boolean | null

/** An embedded object such as `{ image: 'https://...' }`. */
export type RichTextEmbed = Record<string, RichTextValue>

/** One insert operation of a rich-text delta. */
export interface RichTextOp {
  insert: string | RichTextEmbed
  attributes?: Record<string, RichTextValue>
}

// Characters a browser skips or ignores before a scheme (C0 controls, space, DEL, C1, Unicode
// spaces, zero-width characters and BOM), so that ' javascript:' cannot hide its scheme.
const IGNORED_LEADING_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /^[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]+/
// Browsers remove tabs and newlines anywhere in a URL: 'java\tscript:' is 'javascript:'.
const REMOVED_CHARACTERS = /[\t\n\r]/g
const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/
const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|(rgba?|hsla?)\([\d\s.,%/+-]*\))$/i
// Keys that would reach an object's prototype when assigned.
const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype']

/** A link URL cleaned of leading blanks when its scheme is safe, else prefixed with `unsafe:`. */
export function sanitizeLinkUrl(url: string): string {
  const cleaned = url.replace(IGNORED_LEADING_CHARACTERS, '').replace(REMOVED_CHARACTERS, '')
  const lower = cleaned.toLowerCase()
  if (lower.startsWith(UNSAFE_LINK_PREFIX)) {
    // Already neutralised: sanitizing twice must not stack prefixes.
    return cleaned
  }
  if (SAFE_LINK_PREFIXES.some((prefix) => lower.startsWith(prefix))) {
    return cleaned
  }
  return `${UNSAFE_LINK_PREFIX}${url}`
}

/** A header level as an integer capped at 6, or `null` when it is not a level of 1 or more. */
export function clampHeaderLevel(level: unknown): number | null {
  return clampLevel(level, MIN_HEADER_LEVEL, MAX_HEADER_LEVEL)
}

/** An indent as an integer capped at 30, or `null` when it is not an indent of 1 or more. */
export function clampIndent(indent: unknown): number | null {
  return clampLevel(indent, MIN_INDENT, MAX_INDENT)
}

/**
 * The insert operations of `ops` made safe: links sanitized, header and indent clamped, colours
 * checked, embeds reduced to plain values (URL embeds sanitized), attributes with values that are
 * not plain dropped. Anything that is not an insert operation is dropped; non-arrays give `[]`.
 */
export function sanitizeRichText(ops: unknown): RichTextOp[] {
  if (!Array.isArray(ops)) {
    return []
  }
  const result: RichTextOp[] = []
  for (const op of ops) {
    const sanitized = isRecord(op) ? sanitizeOp(op) : null
    if (sanitized !== null) {
      result.push(sanitized)
    }
  }
  return result
}

function sanitizeOp(op: Record<string, unknown>): RichTextOp | null {
  const { insert, attributes } = op
  let safeInsert: string | RichTextEmbed
  if (typeof insert === 'string' && insert !== '') {
    safeInsert = insert
  } else if (isRecord(insert)) {
    safeInsert = sanitizeEmbed(insert)
    if (Object.keys(safeInsert).length === 0) {
      return null
    }
  } else {
    return null
  }
  const safeAttributes = isRecord(attributes) ? sanitizeAttributes(attributes) : {}
  return Object.keys(safeAttributes).length === 0
    ? { insert: safeInsert }
    : { insert: safeInsert, attributes: safeAttributes }
}

function sanitizeEmbed(embed: Record<string, unknown>): RichTextEmbed {
  const out: RichTextEmbed = {}
  for (const key of safeKeys(embed)) {
    const value = embed[key]
    if (typeof value === 'string' && URL_EMBED_KEYS.includes(key)) {
      out[key] = sanitizeLinkUrl(value)
    } else if (isPlainValue(value)) {
      out[key] = value
    }
  }
  return out
}

function sanitizeAttributes(attributes: Record<string, unknown>): Record<string, RichTextValue> {
  const out: Record<string, RichTextValue> = {}
  for (const key of safeKeys(attributes)) {
    const value = sanitizeAttribute(key, attributes[key])
    if (value !== undefined) {
      out[key] = value
    }
  }
  return out
}

// `undefined` means "drop the attribute".
function sanitizeAttribute(key: string, value: unknown): RichTextValue | undefined {
  if (key === 'link') {
    return typeof value === 'string' ? sanitizeLinkUrl(value) : undefined
  }
  if (key === 'header') {
    return clampHeaderLevel(value) ?? undefined
  }
  if (key === 'indent') {
    return clampIndent(value) ?? undefined
  }
  if (COLOR_ATTRIBUTES.includes(key) && typeof value === 'string') {
    return CSS_COLOR.test(value.trim()) ? value.trim() : undefined
  }
  return isPlainValue(value) ? value : undefined
}

function clampLevel(value: unknown, min: number, max: number): number | null {
  let number = Number.NaN
  if (typeof value === 'number') {
    number = value
  } else if (typeof value === 'string' && NUMERIC_TEXT.test(value)) {
    number = Number(value)
  }
  if (!Number.isFinite(number) || Math.trunc(number) < min) {
    return null
  }
  return Math.min(Math.trunc(number), max)
}

function safeKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).filter((key) => !FORBIDDEN_KEYS.includes(key))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isPlainValue(value: unknown): value is RichTextValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  )
}
