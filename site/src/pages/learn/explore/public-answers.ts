// The relay's public sharing answers as the site reads them (ADR 057, 061): GET /explore/tags and
// POST /discover. They are built from strangers' pages, so every field is checked before anything
// is shown; a malformed answer is an error, never a half-drawn list. Hand-written checks rather
// than zod to keep the page's JavaScript small. The page's image is never read: the site loads no
// images chosen by strangers.

/**
 * A share id: 22 base64url characters (ADR 057). The same rule as @inkmark/shared's isShareId,
 * kept here because the shared package's door would bring the store into this page's chunk; the
 * unit test checks the two agree.
 */
export function isListedShareId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value)
}

/** A tag of public pages and how many pages have it. */
export interface ExploreTagItem {
  readonly tag: string
  readonly count: number
}

/** One public page in a list, with only what the site shows. */
export interface PublicListItem {
  readonly shareId: string
  readonly title: string
  /** The page's address when it is http(s), else null (then no link to the source). */
  readonly sourceUrl: string | null
  readonly origin: string
  readonly description: string | null
  readonly tags: readonly string[]
  readonly likes: number
  readonly marksCount: number
  readonly firstHighlights: readonly string[]
  readonly sharedAt: number
}

/** A page of a list and the cursor of the next one. */
export interface PublicListPage {
  readonly items: readonly PublicListItem[]
  readonly nextPage: string | null
}

/** An answer that does not have the contract's shape. */
export class MalformedAnswerError extends Error {
  override name = 'MalformedAnswerError'
}

function fail(call: string, path: string, problem: string): never {
  throw new MalformedAnswerError(
    `The relay's answer to ${call} was not understood at ${path}: ${problem}`,
  )
}

function record(value: unknown, call: string, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(call, path, 'expected an object')
  }
  return value as Record<string, unknown>
}

function list(value: unknown, call: string, path: string): readonly unknown[] {
  if (!Array.isArray(value)) {
    fail(call, path, 'expected an array')
  }
  return value
}

function text(value: unknown, call: string, path: string): string {
  if (typeof value !== 'string') {
    fail(call, path, 'expected a string')
  }
  return value
}

function count(value: unknown, call: string, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    fail(call, path, 'expected a whole number, 0 or more')
  }
  return value
}

function time(value: unknown, call: string, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    fail(call, path, 'expected a time')
  }
  return value
}

function texts(value: unknown, call: string, path: string): string[] {
  return list(value, call, path).map((item, index) => text(item, call, `${path}.${index}`))
}

/** The address when it is an absolute http(s) URL, else null. */
export function httpUrlOrNull(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

const TAGS_CALL = 'GET /explore/tags'
const DISCOVER_CALL = 'POST /discover'

/** Checks GET /explore/tags's answer. */
export function readExploreTags(body: unknown): ExploreTagItem[] {
  return list(body, TAGS_CALL, 'the answer').map((item, index) => {
    const entry = record(item, TAGS_CALL, `${index}`)
    return {
      tag: text(entry.tag, TAGS_CALL, `${index}.tag`),
      count: count(entry.count, TAGS_CALL, `${index}.count`),
    }
  })
}

/** Checks POST /discover's answer. */
export function readDiscoverPage(body: unknown): PublicListPage {
  const answer = record(body, DISCOVER_CALL, 'the answer')
  const items = list(answer.items, DISCOVER_CALL, 'items').map((item, index): PublicListItem => {
    const at = `items.${index}`
    const entry = record(item, DISCOVER_CALL, at)
    if (!isListedShareId(entry.shareId)) {
      fail(DISCOVER_CALL, `${at}.shareId`, 'expected a share id')
    }
    const description =
      entry.description === undefined
        ? null
        : text(entry.description, DISCOVER_CALL, `${at}.description`)
    if (entry.image !== undefined) {
      text(entry.image, DISCOVER_CALL, `${at}.image`)
    }
    return {
      shareId: entry.shareId,
      title: text(entry.title, DISCOVER_CALL, `${at}.title`),
      sourceUrl: httpUrlOrNull(text(entry.url, DISCOVER_CALL, `${at}.url`)),
      origin: text(entry.origin, DISCOVER_CALL, `${at}.origin`),
      description,
      tags: texts(entry.tags, DISCOVER_CALL, `${at}.tags`),
      likes: count(entry.likes, DISCOVER_CALL, `${at}.likes`),
      marksCount: count(entry.marksCount, DISCOVER_CALL, `${at}.marksCount`),
      firstHighlights: texts(entry.firstHighlights, DISCOVER_CALL, `${at}.firstHighlights`),
      sharedAt: time(entry.sharedAt, DISCOVER_CALL, `${at}.sharedAt`),
    }
  })
  const nextPage =
    answer.nextPage === undefined ? null : text(answer.nextPage, DISCOVER_CALL, 'nextPage')
  return { items, nextPage }
}

/** The order of a discover list. */
export type FeedOrder = 'newest' | 'most-liked'

/** The order a /discover address asks for: ?sort=most-liked, else newest. */
export function feedOrderOf(search: string): FeedOrder {
  return new URLSearchParams(search).get('sort') === 'most-liked' ? 'most-liked' : 'newest'
}

/** The tag an /explore address asks for (?tag=), or null when blank or over 200 characters (the relay's limit). */
export function exploreTagOf(search: string): string | null {
  const tag = new URLSearchParams(search).get('tag')?.trim() ?? ''
  return tag === '' || tag.length > 200 ? null : tag
}
