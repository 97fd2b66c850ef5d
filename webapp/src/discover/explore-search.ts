// /explore's one parameter: the tag whose public pages to list (absent or blank: all tags).

/** The longest tag asked for; a longer one is not a tag anyone has. */
const MAX_TAG_LENGTH = 200

/** Explore's search parameters. */
export interface ExploreSearch {
  tag?: string
}

/** Reads `tag` from /explore's query. */
export function parseExploreSearch(raw: Record<string, unknown>): ExploreSearch {
  const tag = typeof raw.tag === 'string' ? raw.tag.trim() : ''
  return tag === '' || tag.length > MAX_TAG_LENGTH ? {} : { tag }
}
