import type { Filter } from '@inkmark/shared'

/** An entity's tags; with `onTag`, each tag is a button that filters the list by it. */
export function TagList({
  tags,
  onTag,
}: {
  tags: readonly string[]
  onTag?: (filter: Filter) => void
}) {
  if (tags.length === 0) {
    return null
  }
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          {onTag ? (
            <button
              type="button"
              className="tag"
              aria-label={`Filter by tag ${tag}`}
              onClick={() => onTag({ key: 'tag', value: tag, logical: 'AND' })}
            >
              #{tag}
            </button>
          ) : (
            <span className="tag">#{tag}</span>
          )}
        </li>
      ))}
    </ul>
  )
}
