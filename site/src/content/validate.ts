// Hand-written checks for the operator's content files (site/content/*.json). A malformed file
// fails the build with a message naming the file and the field, e.g.
// `site/content/reviews.json: [2].reviewer.name must be a non-empty string`. No schema library:
// these run in the visitor's browser too, and the checks are small.

/** A content file that does not match its shape; the message names the file and the field. */
export class ContentError extends Error {
  override name = 'ContentError'
}

/** Where a value sits: the file and the path to the field, for error messages. */
export interface FieldPath {
  readonly file: string
  readonly path: string
}

/** The path of a field inside `at`. */
export function fieldOf(at: FieldPath, key: string | number): FieldPath {
  const step = typeof key === 'number' ? `[${key}]` : at.path ? `.${key}` : key
  return { file: at.file, path: `${at.path}${step}` }
}

function fail(at: FieldPath, problem: string): never {
  throw new ContentError(`${at.file}: ${at.path || '(the file)'} ${problem}`)
}

/** Parses a content file's text; bad JSON names the file. */
export function parseContentJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ContentError(`${file}: is not valid JSON (${reason})`)
  }
}

/** The value as a plain object, or a ContentError. */
export function readObject(value: unknown, at: FieldPath): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(at, 'must be an object')
  }
  return value as Record<string, unknown>
}

/** The value as an array, or a ContentError. */
export function readArray(value: unknown, at: FieldPath): readonly unknown[] {
  if (!Array.isArray(value)) {
    fail(at, 'must be an array')
  }
  return value
}

/** A trimmed, non-empty string. */
export function readText(value: unknown, at: FieldPath): string {
  if (typeof value !== 'string' || value.trim() === '') {
    fail(at, 'must be a non-empty string')
  }
  return value.trim()
}

/** A trimmed, non-empty string or null (an unfilled value). */
export function readOptionalText(value: unknown, at: FieldPath): string | null {
  return value === null || value === undefined ? null : readText(value, at)
}

/** true or false. */
export function readBoolean(value: unknown, at: FieldPath): boolean {
  if (typeof value !== 'boolean') {
    fail(at, 'must be true or false')
  }
  return value
}

/** An absolute http(s) URL; anything else (javascript:, data:, relative) is refused. */
export function readHttpUrl(value: unknown, at: FieldPath): string {
  const text = readText(value, at)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    fail(at, `must be an absolute http(s) URL (got "${text}")`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(at, `must be an http(s) URL (got "${url.protocol}")`)
  }
  return url.href
}

/** An http(s) URL or null. */
export function readOptionalHttpUrl(value: unknown, at: FieldPath): string | null {
  return value === null || value === undefined ? null : readHttpUrl(value, at)
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A URL path segment: lower-case letters, digits and single hyphens ('product-designer'). */
export function readSlug(value: unknown, at: FieldPath): string {
  const text = readText(value, at)
  if (!SLUG.test(text)) {
    fail(at, `must be lower-case letters, digits and hyphens (got "${text}")`)
  }
  return text
}

/** A calendar date 'YYYY-MM-DD' or null. */
export function readOptionalDate(value: unknown, at: FieldPath): string | null {
  const text = readOptionalText(value, at)
  if (text !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text)))) {
    fail(at, `must be a date like 2026-11-26 (got "${text}")`)
  }
  return text
}

/** Fails when two entries share an id (ids are URL segments, so they must be unique). */
export function assertUniqueIds(ids: readonly string[], file: string, field: string): void {
  const seen = new Set<string>()
  ids.forEach((id, index) => {
    if (seen.has(id)) {
      fail({ file, path: `[${index}].${field}` }, `"${id}" is used by an earlier entry`)
    }
    seen.add(id)
  })
}
