// Dashboard and sidebar filters (spec section 5, "Filters") and their `filters` URL parameter
// (site spec section 2: a base64-encoded list). The parameter comes from links people paste and
// share, so reading it must never throw: each malformed filter is dropped on its own and garbage
// yields no filters. The combination rule is decided in
// docs/adr/005-filters-and-tag-suggestions.md.
import { z } from 'zod'
import { decodeBase64Utf8, encodeBase64Utf8 } from './base64'
import { memoryLevel, type LearningItemState } from './learning-review'

/**
 * What a filter looks at (spec section 3, Filter.key), and the memory level of a highlight's
 * learning card (issue 14: the dashboard's highlights by memory level; the value is a MemoryLevel).
 */
export const FilterKey = {
  TAG: 'tag',
  ORIGIN: 'origin',
  IS_IMAGE: 'isImage',
  MEMORY_LEVEL: 'memoryLevel',
} as const
export type FilterKey = (typeof FilterKey)[keyof typeof FilterKey]

/** How a filter combines with the others (spec Filter.logical); absent means untagged. */
export const FilterLogical = { AND: 'AND', OR: 'OR' } as const
export type FilterLogical = (typeof FilterLogical)[keyof typeof FilterLogical]

/** The isImage value that selects non-image entities; any other value selects image marks. */
export const IS_IMAGE_FALSE = 'false'

/** The canonical isImage value that selects image marks. */
export const IS_IMAGE_TRUE = 'true'

/** A filter: every key needs a non-empty value (trimmed); unknown fields are dropped. */
export const FilterSchema = z.object({
  key: z.enum([FilterKey.TAG, FilterKey.ORIGIN, FilterKey.IS_IMAGE, FilterKey.MEMORY_LEVEL]),
  value: z.string().trim().min(1),
  logical: z.enum([FilterLogical.AND, FilterLogical.OR]).optional(),
})

/** One filter of a list (spec section 3). */
export type Filter = z.infer<typeof FilterSchema>

/** The fields of a bookmark or mark that filters read. */
export interface FilterableEntity {
  tags?: readonly string[]
  origin?: string
  url?: string
  mediaType?: string
  imageSrc?: string
  /** A highlight's learning card (the memoryLevel filter reads its level). */
  learningItem?: LearningItemState
  /** A page's: the memory levels of its highlights (a page has no card of its own). */
  memoryLevels?: readonly string[]
}

/** Reads the `filters` URL parameter; invalid filters are dropped one by one, garbage gives []. */
export function parseFilters(param: string | null | undefined): Filter[] {
  const text = percentDecode(param?.trim() ?? '')
  if (text === '') {
    return []
  }
  let list: unknown
  try {
    // Form decoding (URLSearchParams) turns an unescaped '+' of standard base64 into a space.
    list = JSON.parse(decodeBase64Utf8(text.replace(/ /g, '+')))
  } catch {
    return []
  }
  if (!Array.isArray(list)) {
    return []
  }
  return list.flatMap((item: unknown) => {
    const result = FilterSchema.safeParse(normalizeRawFilter(item))
    return result.success ? [result.data] : []
  })
}

/** Writes the `filters` URL parameter: unpadded base64url JSON of the valid filters. */
export function encodeFilters(filters: readonly Filter[]): string {
  const valid = filters.flatMap((filter) => {
    const result = FilterSchema.safeParse(filter)
    return result.success ? [result.data] : []
  })
  return encodeBase64Utf8(JSON.stringify(valid), { urlSafe: true })
}

/** Whether an entity passes: all AND filters, and (all untagged filters or any OR filter). */
export function matchesFilters(entity: FilterableEntity, filters: readonly Filter[]): boolean {
  const matches = (filter: Filter): boolean => matchesFilter(entity, filter)
  const andFilters = filters.filter((filter) => filter.logical === FilterLogical.AND)
  const orFilters = filters.filter((filter) => filter.logical === FilterLogical.OR)
  const untagged = filters.filter((filter) => filter.logical === undefined)
  if (!andFilters.every(matches)) {
    return false
  }
  if (untagged.length === 0 && orFilters.length === 0) {
    return true
  }
  // An empty group must not decide the alternative: with only OR filters one of them must match.
  return (untagged.length > 0 && untagged.every(matches)) || orFilters.some(matches)
}

/** Whether an entity passes one filter, ignoring its `logical`. */
export function matchesFilter(entity: FilterableEntity, filter: Filter): boolean {
  const value = filter.value.trim()
  if (filter.key === FilterKey.TAG) {
    const wanted = value.toLowerCase()
    return (entity.tags ?? []).some((tag) => tag.trim().toLowerCase() === wanted)
  }
  if (filter.key === FilterKey.ORIGIN) {
    const wanted = toSiteOrigin(value)
    const source = entity.origin !== undefined && entity.origin !== '' ? entity.origin : entity.url
    return wanted !== null && source !== undefined && toSiteOrigin(source) === wanted
  }
  if (filter.key === FilterKey.MEMORY_LEVEL) {
    return entity.memoryLevels !== undefined
      ? entity.memoryLevels.includes(value)
      : memoryLevel(entity.learningItem) === value
  }
  const wantsImage = value.toLowerCase() !== IS_IMAGE_FALSE
  return isImageEntity(entity) === wantsImage
}

/** Whether an entity is an image mark: mediaType image and an image source (spec section 3). */
export function isImageEntity(entity: FilterableEntity): boolean {
  return entity.mediaType === 'image' && entity.imageSrc !== undefined && entity.imageSrc !== ''
}

/** Normalizes a URL, origin or domain to a comparable site ("https://www.a.com/b": "a.com"). */
export function toSiteOrigin(value: string): string | null {
  let rest = value.trim().toLowerCase()
  rest = rest.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '')
  rest = rest.split(/[/?#\\]/, 1)[0] ?? ''
  rest = rest.slice(rest.lastIndexOf('@') + 1)
  const match = /^(\[[0-9a-f:.]+\]|[^\s:[\]]+)(?::(\d*))?$/.exec(rest)
  if (match === null) {
    return null
  }
  // A trailing dot is the fully qualified spelling of the same host.
  const host = (match[1] ?? '').replace(/\.+$/, '').replace(/^www\./, '')
  const port = match[2] ?? ''
  if (host === '') {
    return null
  }
  // Default ports say nothing about the site: http://a.com:80 and https://a.com are the same site.
  return port === '' || port === '80' || port === '443' ? host : `${host}:${port}`
}

function percentDecode(text: string): string {
  if (!/%[0-9a-f]{2}/i.test(text)) {
    return text
  }
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

// Tolerate what hand-written or older links carry: lowercase or null logical, non-string value.
function normalizeRawFilter(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) {
    return item
  }
  const raw = item as Record<string, unknown>
  const value =
    typeof raw.value === 'number' || typeof raw.value === 'boolean' ? String(raw.value) : raw.value
  const logical =
    typeof raw.logical === 'string'
      ? raw.logical.trim().toUpperCase()
      : raw.logical === null
        ? undefined
        : raw.logical
  return { key: raw.key, value, logical }
}
