// Tag rules shared by every tag input and exporter: cleaning what the user types, ranking
// suggestions from the user's existing tags (spec section 5), and the Markdown spelling of a tag.
// Kept pure so that the extension's toolbox, the sidebar and the web app rank tags identically.

/** A tag and how many entities carry it (spec section 3, "Tag with count"). */
export interface TagWithCount {
  name: string
  count: number
}

/** Characters that `cleanTag` strips, besides every kind of whitespace (spec section 5). */
// prettier-ignore
export const TAG_STRIPPED_CHARACTERS = [
  '&', '/', '\\', '#', ',', '+', '(', ')', '$', '~', '%',
  '.', "'", '"', ':', '*', '?', '<', '>', '{', '}',
] as const

/** Score of a suggestion equal to the input (case-insensitive). */
export const TAG_SCORE_EXACT = 100

/** Score of a suggestion that starts with the input. */
export const TAG_SCORE_PREFIX = 90

/** Score of a suggestion that contains the input elsewhere. */
export const TAG_SCORE_CONTAINS = 70

/** Base score of any other suggestion, from which the edit distance is subtracted (floor 0). */
export const TAG_SCORE_FUZZY_BASE = 50

/** Usage count from which a tag gets the full popularity bonus. */
export const TAG_COUNT_BONUS_THRESHOLD = 5

/** The full popularity bonus ("plus 5 if count ≥ 5"). */
export const TAG_COUNT_BONUS_MAX = 5

/** Modulus of the bonus below the threshold ("else count mod 5"). */
export const TAG_COUNT_BONUS_MODULUS = 5

/** How many suggestions a tag field shows at most. */
export const TAG_SUGGESTION_LIMIT = 10

/** What Markdown export puts in place of each run of whitespace in a tag. */
export const MARKDOWN_TAG_SPACE_REPLACEMENT = '-'

// `\s` covers Unicode spaces too (no-break space, ideographic space...), not only U+0020.
const STRIPPED_PATTERN = new RegExp(
  `[\\s${TAG_STRIPPED_CHARACTERS.map((char) => char.replace(/[\\\]^-]/g, '\\$&')).join('')}]`,
  'g',
)

/** Removes whitespace and the spec's forbidden characters from a typed tag. */
export function cleanTag(tag: string): string {
  return tag.replace(STRIPPED_PATTERN, '')
}

/** Levenshtein distance between two strings, counted in code points (an emoji is one edit). */
export function editDistance(a: string, b: string): number {
  const source = Array.from(a)
  const target = Array.from(b)
  let previous = Array.from({ length: target.length + 1 }, (_, j) => j)
  for (let i = 1; i <= source.length; i++) {
    const current = [i]
    for (let j = 1; j <= target.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (source[i - 1] === target[j - 1] ? 0 : 1)
      const deletion = (previous[j] ?? 0) + 1
      const insertion = (current[j - 1] ?? 0) + 1
      current.push(Math.min(substitution, deletion, insertion))
    }
    previous = current
  }
  return previous[target.length] ?? 0
}

/** How well a tag name matches the input, before the popularity bonus (case-insensitive). */
export function tagMatchScore(input: string, name: string): number {
  const needle = input.trim().toLowerCase()
  const candidate = name.trim().toLowerCase()
  if (candidate === needle) {
    return TAG_SCORE_EXACT
  }
  if (candidate.startsWith(needle)) {
    return TAG_SCORE_PREFIX
  }
  if (candidate.includes(needle)) {
    return TAG_SCORE_CONTAINS
  }
  return Math.max(0, TAG_SCORE_FUZZY_BASE - editDistance(needle, candidate))
}

/** Popularity bonus: 5 from a count of 5, otherwise the count mod 5 (bad counts give 0). */
export function tagCountBonus(count: number): number {
  const uses = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0
  return uses >= TAG_COUNT_BONUS_THRESHOLD ? TAG_COUNT_BONUS_MAX : uses % TAG_COUNT_BONUS_MODULUS
}

/** Full suggestion score of a tag for the typed input: match score plus popularity bonus. */
export function scoreTagSuggestion(input: string, tag: TagWithCount): number {
  return tagMatchScore(input, tag.name) + tagCountBonus(tag.count)
}

/** Ranks the user's tags for the input, best first, leaving out tags the item already has. */
export function suggestTags(
  input: string,
  tagsWithCount: readonly TagWithCount[],
  existingTags: readonly string[],
): string[] {
  const taken = new Set(existingTags.map((tag) => tag.trim().toLowerCase()))
  // The same tag may be listed in several spellings ("React", "react"): keep the most used one.
  const byKey = new Map<string, TagWithCount>()
  for (const tag of tagsWithCount) {
    const key = tag.name.trim().toLowerCase()
    const known = byKey.get(key)
    if (key !== '' && !taken.has(key) && (known === undefined || tag.count > known.count)) {
      byKey.set(key, tag)
    }
  }
  return [...byKey.values()]
    .map((tag) => ({ tag, score: scoreTagSuggestion(input, tag) }))
    .sort(
      (x, y) =>
        y.score - x.score ||
        usageCount(y.tag) - usageCount(x.tag) ||
        compareNames(x.tag.name, y.tag.name),
    )
    .map(({ tag }) => tag.name)
}

/**
 * The best `limit` suggestions for what is typed, for a tag field's list: nothing for an empty
 * input (the list opens as the person types), and never the cleaned input itself when the item
 * already has it.
 */
export function topTagSuggestions(
  input: string,
  tagsWithCount: readonly TagWithCount[],
  existingTags: readonly string[],
  limit = TAG_SUGGESTION_LIMIT,
): string[] {
  if (input.trim() === '') {
    return []
  }
  return suggestTags(input, tagsWithCount, existingTags).slice(0, Math.max(0, limit))
}

/**
 * The option a suggestion list highlights after `key` (ArrowDown, ArrowUp, Home, End), from
 * `active` (-1: none) among `count` options; wraps around; -1 when there are none. Any other
 * key leaves it as it is.
 */
export function moveSuggestionIndex(active: number, count: number, key: string): number {
  if (count <= 0) {
    return -1
  }
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1
    case 'ArrowUp':
      return active <= 0 || active > count - 1 ? count - 1 : active - 1
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return Math.min(active, count - 1)
  }
}

/** Whether `tags` already holds `tag`, compared case-insensitively (as suggestions exclude). */
export function hasTag(tags: readonly string[], tag: string): boolean {
  const key = tag.trim().toLowerCase()
  return tags.some((other) => other.trim().toLowerCase() === key)
}

/**
 * The tags after adding what the person typed or picked, cleaned (spec section 5); unchanged when
 * nothing is left of it or the item already has it (case-insensitively).
 */
export function withAddedTag(tags: readonly string[], typed: string): string[] {
  const tag = cleanTag(typed)
  return tag === '' || hasTag(tags, tag) ? [...tags] : [...tags, tag]
}

/** The Markdown-export spelling of a tag: trimmed, each run of whitespace turned into a hyphen. */
export function toMarkdownTag(tag: string): string {
  return tag.trim().replace(/\s+/gu, MARKDOWN_TAG_SPACE_REPLACEMENT)
}

function usageCount(tag: TagWithCount): number {
  return Number.isFinite(tag.count) ? tag.count : 0
}

function compareNames(a: string, b: string): number {
  // Code-point order, not locale order, so that every device ranks the same way.
  const lowerA = a.toLowerCase()
  const lowerB = b.toLowerCase()
  return lowerA < lowerB ? -1 : lowerA > lowerB ? 1 : 0
}
